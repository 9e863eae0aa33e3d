import { Decider } from '../shared/decider';
import { TeamCommand, decideTeam } from './decide';
import { Team, TeamEvent, evolveTeam, initialTeam } from './events';

export * from './events';
export * from './decide';
export * from './roles';

/** A seller's team: its members and their roles; it always keeps an owner. */
export const teamDecider: Decider<TeamCommand, TeamEvent, Team> = {
  initialState: initialTeam,
  evolve: evolveTeam,
  decide: decideTeam,
};

export const teamStream = (sellerId: string): string => `team-${sellerId}`;
