import { Decider } from '../shared/decider';
import { HoldCommand, decideHold } from './decide';
import { Hold, HoldEvent, evolveHold, initialHold } from './events';

export * from './events';
export * from './decide';

export const holdDecider: Decider<HoldCommand, HoldEvent, Hold> = {
  initialState: initialHold,
  evolve: evolveHold,
  decide: decideHold,
};

export const holdStream = (ref: string): string => `hold-${ref}`;
