import { assertNever } from '../shared/decider';
import { Refusal, conflict, notFound, refuse } from '../shared/refusal';
import { Hold, HoldEvent, HoldPlacedData, holdStatusAt } from './events';
import { normaliseEmail } from '../shared/email';

export type HoldCommand =
  | { type: 'PlaceHold'; hold: HoldPlacedData }
  | { type: 'CheckOutHold'; leadEmail: string; now: Date }
  | { type: 'ExpireHold'; now: Date };

export { normaliseEmail } from '../shared/email';

export function decideHold(command: HoldCommand, state: Hold): HoldEvent[] | Refusal {
  switch (command.type) {
    case 'PlaceHold':
      if (state.status === 'none') return [{ type: 'HoldPlaced', data: command.hold }];
      if (state.placed.requestHash === command.hold.requestHash) return [];
      return conflict('idempotency_key_reused', 'this Idempotency-Key was used for a different request');
    case 'CheckOutHold': {
      if (state.status === 'none') return notFound('hold');
      const email = normaliseEmail(command.leadEmail);
      if (state.status === 'checked_out') {
        if (state.leadEmail === email) return [];
        return conflict('hold_checked_out', 'this hold was checked out for someone else', { ref: state.placed.ref });
      }
      if (holdStatusAt(state, command.now) === 'expired') return refuse('HoldExpired', 'the hold ran out');
      return [{ type: 'HoldCheckedOut', data: { ref: state.placed.ref, leadEmail: email, at: command.now.toISOString() } }];
    }
    case 'ExpireHold':
      if (state.status !== 'on_hold' || holdStatusAt(state, command.now) !== 'expired') return [];
      return [{ type: 'HoldExpired', data: { ref: state.placed.ref, at: command.now.toISOString() } }];
    default:
      return assertNever(command);
  }
}
