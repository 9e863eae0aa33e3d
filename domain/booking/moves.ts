import { startInstant } from '../calendar/schedule';
import { money, type Money } from '../shared/money';
import { Refusal, conflict, isRefusal, notFound } from '../shared/refusal';
import type { Booking, BookingEvent } from './events';
import { needsSeller } from './seller-decisions';

/**
 * The seller called off the booking's start `from` and moved it to `to`, where its places are taken already.
 * `pendingHours`: how long a request waits for the seller's answer (the setting checkout uses).
 */
export type MoveBooking = {
  type: 'MoveBooking';
  callId: string;
  from: string;
  to: string;
  reason: string;
  note: string | null;
  pendingHours: number;
  now: Date;
};
/** Staff wrote to the travellers of the booking's start. */
export type MessageBooking = { type: 'MessageBooking'; messageId: string; message: string; now: Date };
/** The traveller of a moved booking takes the refund offered instead; `paid` is what came in and was not refunded yet. */
export type TakeRefundInstead = { type: 'TakeRefundInstead'; paid: number; now: Date };
/** The seller cancels the booking (its start called off with no room elsewhere): everything that came in is refunded. */
export type CancelBySeller = { type: 'CancelBySeller'; paid: number; reason: string; now: Date };

export type MoveCommand = MoveBooking | MessageBooking | TakeRefundInstead | CancelBySeller;

type Placed = Exclude<Booking, { status: 'none' }>;

/** Bookings that still stand: a call-off moves or cancels these, and a message reaches them. */
const standing = (state: Placed): boolean => state.status === 'pending' || state.status === 'confirmed';

const notStanding = (state: Placed): Refusal =>
  conflict('booking_not_active', `a ${state.status} booking is not pending or confirmed`, { ref: state.placed.ref, booking_status: state.status });

const paidMoney = (state: Placed, amount: number): Money => money(amount, state.placed.quote.totals.due_now.currency);

/** The refund-instead a moved booking is offered (spec 4.5), in the spec's snake_case shape. */
export interface RefundInsteadOffer {
  reason: string;
  note: string | null;
  called_off_start: string;
  moved_to_start: string;
  refund: Money;
  available_until: string;
}

/**
 * What a moved booking is offered instead of its new start: everything paid and not refunded,
 * until the new start begins. Nothing is offered (404) to a booking not moved, taken already or
 * no longer standing; after the new start it is too late (409 refund_instead_closed).
 */
export function refundInsteadOffer(state: Booking, paid: number, now: Date): RefundInsteadOffer | Refusal {
  if (state.status === 'none' || !state.move || !standing(state)) return notFound('refund_instead');
  const { move } = state;
  const until = startInstant(move.to, state.placed.timezone).toMillis();
  const available_until = new Date(until).toISOString();
  if (now.getTime() >= until) {
    return conflict('refund_instead_closed', 'the refund was offered until the new start, which has begun', { ref: state.placed.ref, available_until });
  }
  return {
    reason: move.reason,
    note: move.note,
    called_off_start: move.from,
    moved_to_start: move.to,
    refund: paidMoney(state, paid),
    available_until,
  };
}

/**
 * Until when a pending booking moved to `to` waits, as checkout sets it for a start (spec part 3):
 * money still to come (a transfer or link, asked for) is due as long before the new start as it was
 * before the old one; a request the seller has yet to answer waits `pendingHours` from when it was
 * made, never past the new start. Null when the booking had no such time.
 */
export function movedPendingExpiry(state: Placed, to: string, pendingHours: number): string | null {
  if (state.pendingExpiresAt === null) return null;
  const { timezone, placedAt } = state.placed;
  const newStart = startInstant(to, timezone).toMillis();
  if (needsSeller(state) && !state.accepted) {
    return new Date(Math.min(Date.parse(placedAt) + pendingHours * 3_600_000, newStart)).toISOString();
  }
  const shift = newStart - startInstant(state.start, timezone).toMillis();
  return new Date(Date.parse(state.pendingExpiresAt) + shift).toISOString();
}

function moveBooking(command: MoveBooking, state: Placed): BookingEvent[] | Refusal {
  if (state.move?.callId === command.callId) return [];
  if (!standing(state)) return notStanding(state);
  if (state.start !== command.from) {
    return conflict('booking_not_at_start', `the booking is for ${state.start}, not ${command.from}`, { ref: state.placed.ref, start: state.start });
  }
  const { callId, from, to, reason, note } = command;
  // A pending booking's time to answer or to pay follows it to the new start.
  const pending = state.status === 'pending' ? movedPendingExpiry(state, to, command.pendingHours) : null;
  const data = { ref: state.placed.ref, callId, from, to, reason, note, at: command.now.toISOString() };
  return [{ type: 'BookingMoved', data: pending === null ? data : { ...data, pendingExpiresAt: pending } }];
}

function messageBooking(command: MessageBooking, state: Placed): BookingEvent[] | Refusal {
  if (!standing(state)) return notStanding(state);
  return [{ type: 'BookingMessaged', data: { ref: state.placed.ref, messageId: command.messageId, message: command.message, at: command.now.toISOString() } }];
}

/** Cancelled by the seller, everything that came in refunded (refund_pct 100). */
function cancelledBySeller(state: Placed, paid: number, reason: string, now: Date, refundInstead: boolean): BookingEvent[] {
  const data = { ref: state.placed.ref, by: 'seller' as const, refundPct: 100, refund: paidMoney(state, paid), reason, at: now.toISOString() };
  return [{ type: 'BookingCancelled', data: refundInstead ? { ...data, refundInstead } : data }];
}

/** Taken already (a retry, or the same request sent twice): nothing more happens, and the answer is the cancellation it made. */
function takeRefundInstead(command: TakeRefundInstead, state: Placed): BookingEvent[] | Refusal {
  if (state.status === 'cancelled' && state.cancellation?.refundInstead) return [];
  const offer = refundInsteadOffer(state, command.paid, command.now);
  if (isRefusal(offer)) return offer;
  return cancelledBySeller(state, command.paid, offer.reason, command.now, true);
}

function cancelBySeller(command: CancelBySeller, state: Placed): BookingEvent[] | Refusal {
  // A cancellation repeated (a reactor run again) is done already.
  if (state.status === 'cancelled') return [];
  if (!standing(state)) return notStanding(state);
  return cancelledBySeller(state, command.paid, command.reason, command.now, false);
}

/** The booking's side of a call-off, a message to its start, and the refund offered instead of a move. */
export function decideMove(command: MoveCommand, state: Booking): BookingEvent[] | Refusal {
  if (state.status === 'none') return notFound('booking');
  switch (command.type) {
    case 'MoveBooking':
      return moveBooking(command, state);
    case 'MessageBooking':
      return messageBooking(command, state);
    case 'TakeRefundInstead':
      return takeRefundInstead(command, state);
    case 'CancelBySeller':
      return cancelBySeller(command, state);
  }
}
