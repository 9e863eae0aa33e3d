import type { Event } from '../shared/decider';
import type { Role } from './roles';

export type TeamMemberAdded = Event<'TeamMemberAdded', { sellerId: string; memberId: string; email: string; name: string; role: Role }>;
export type TeamMemberRoleChanged = Event<'TeamMemberRoleChanged', { sellerId: string; memberId: string; role: Role }>;
/** The member's keys stop with this event: they act for a member only while the member is on the team. */
export type TeamMemberRemoved = Event<'TeamMemberRemoved', { sellerId: string; memberId: string }>;

/** Calls per minute each of the team's secret keys may make; null: the service's default (spec part 8). */
export type TeamRateLimitSet = Event<'TeamRateLimitSet', { sellerId: string; perMinute: number | null }>;

export type TeamEvent = TeamMemberAdded | TeamMemberRoleChanged | TeamMemberRemoved | TeamRateLimitSet;

export interface TeamMember {
  email: string;
  role: Role;
}

export interface Team {
  sellerId: string | null;
  members: Readonly<Record<string, TeamMember>>;
}

export const initialTeam = (): Team => ({ sellerId: null, members: {} });

export function evolveTeam(state: Team, event: TeamEvent): Team {
  switch (event.type) {
    case 'TeamMemberAdded':
      return { sellerId: event.data.sellerId, members: { ...state.members, [event.data.memberId]: { email: event.data.email, role: event.data.role } } };
    case 'TeamMemberRoleChanged': {
      const member = state.members[event.data.memberId];
      return { ...state, members: { ...state.members, [event.data.memberId]: { ...member, role: event.data.role } } };
    }
    case 'TeamMemberRemoved': {
      const { [event.data.memberId]: _removed, ...members } = state.members;
      return { ...state, members };
    }
    case 'TeamRateLimitSet':
      return { ...state, sellerId: event.data.sellerId };
  }
}

export const owners = (team: Team): number => Object.values(team.members).filter((m) => m.role === 'owner').length;
