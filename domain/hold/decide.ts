import { assertNever } from '../shared/decider';
import { Refusal, conflict, notFound, refuse } from '../shared/refusal';
import { Hold, HoldEvent, HoldPlacedData, holdStatusAt } from './events';
import { normaliseEmail } from '../shared/email';

export type PlaceHold = { type: 'PlaceHold'; hold: HoldPlacedData };
export type CheckOutHold = { type: 'CheckOutHold'; leadEmail: string; now: Date };
export type ExpireHold = { type: 'ExpireHold'; now: Date };
/** The checkout that checked the hold out was refused (`code`) before it placed a booking. */
export type RefuseCheckout = { type: 'RefuseCheckout'; code: string; now: Date };

export type HoldCommand = PlaceHold | CheckOutHold | ExpireHold | RefuseCheckout;

export { normaliseEmail } from '../shared/email';

function placeHold(command: PlaceHold, state: Hold): HoldEvent[] | Refusal {
  if (state.status === 'none') return [{ type: 'HoldPlaced', data: command.hold }];
  if (state.placed.requestHash === command.hold.requestHash) return [];
  return conflict('idempotency_key_reused', 'this Idempotency-Key was used for a different request');
}

function checkOutHold(command: CheckOutHold, state: Hold): HoldEvent[] | Refusal {
  if (state.status === 'none') return notFound('hold');
  const email = normaliseEmail(command.leadEmail);
  if (state.status === 'checked_out') {
    if (state.leadEmail === email) return [];
    return conflict('hold_checked_out', 'this hold was checked out for someone else', { ref: state.placed.ref });
  }
  if (holdStatusAt(state, command.now) === 'expired') return refuse('HoldExpired', 'the hold ran out');
  return [{ type: 'HoldCheckedOut', data: { ref: state.placed.ref, leadEmail: email, at: command.now.toISOString() } }];
}

function expireHold(command: ExpireHold, state: Hold): HoldEvent[] {
  if (state.status !== 'on_hold' || holdStatusAt(state, command.now) !== 'expired') return [];
  return [{ type: 'HoldExpired', data: { ref: state.placed.ref, at: command.now.toISOString() } }];
}

/**
 * A refused checkout leaves nothing half-done: the hold is on hold again until its own time, so its
 * page tells the truth and the expiry sweep gives its places back when that time is up. Only the
 * checkout's own caller sends this, after its booking was refused, never once a booking exists.
 */
function refuseCheckout(command: RefuseCheckout, state: Hold): HoldEvent[] {
  if (state.status !== 'checked_out') return [];
  return [{ type: 'HoldCheckoutRefused', data: { ref: state.placed.ref, code: command.code, at: command.now.toISOString() } }];
}

export function decideHold(command: HoldCommand, state: Hold): HoldEvent[] | Refusal {
  switch (command.type) {
    case 'PlaceHold':
      return placeHold(command, state);
    case 'CheckOutHold':
      return checkOutHold(command, state);
    case 'ExpireHold':
      return expireHold(command, state);
    case 'RefuseCheckout':
      return refuseCheckout(command, state);
    default:
      return assertNever(command);
  }
}
