import { assertNever } from '../shared/decider';
import { money } from '../shared/money';
import { daysBefore, percentOf, refundPct } from '../policy/refund';
import { startInstant } from '../calendar/schedule';
import { Refusal, conflict, notFound, refuse } from '../shared/refusal';
import { Booking, BookingEvent, BookingPlacedData, CancelledBy } from './events';
import { MoveCommand, decideMove } from './moves';
import { SellerDecision, decideSellerDecision } from './seller-decisions';

export * from './moves';
export * from './seller-decisions';

export type PlaceBooking = { type: 'PlaceBooking'; booking: BookingPlacedData; confirmation: 'instant' | 'manual'; pendingExpiresAt: string | null; now: Date };
export type CancelBooking = { type: 'CancelBooking'; by: CancelledBy; paid: number; reason: string | null; now: Date };
export type AbandonCheckout = { type: 'AbandonCheckout'; ref: string; now: Date };

export type BookingCommand = PlaceBooking | CancelBooking | AbandonCheckout | MoveCommand | SellerDecision;

/** A request waiting for the seller lapses `hours` after it is made, and never after its start. */
export function requestLapsesAt(now: Date, hours: number, start: string, timezone: string): string {
  const lapse = now.getTime() + hours * 3_600_000;
  return new Date(Math.min(lapse, startInstant(start, timezone).toMillis())).toISOString();
}

/** The spec's refund preview answer (part 2.8), in its own snake_case shape. */
export interface RefundPreview {
  days_before: number;
  refund_pct: number;
  refund: { amount: number; currency: string };
  paid: { amount: number; currency: string };
}

/** What cancelling at `now` gives back under the policy the booking was sold with, counted from the start it is for now. */
export function refundPreview(placed: BookingPlacedData, paid: number, now: Date, start: string = placed.start): RefundPreview {
  const days = daysBefore(start, placed.timezone, now);
  const pct = refundPct(placed.policy, days);
  const currency = placed.quote.totals.due_now.currency;
  return { days_before: days, refund_pct: pct, refund: money(percentOf(paid, pct), currency), paid: money(paid, currency) };
}

function placeBooking(command: PlaceBooking, state: Booking): BookingEvent[] | Refusal {
  // A booking is placed once; placing it again is the repeat of a checkout.
  if (state.status !== 'none') return [];
  if (state.abandoned) return refuse('HoldExpired', 'the checkout of this hold was abandoned and its places returned to sale');
  const at = command.now.toISOString();
  const ref = command.booking.ref;
  const outcome: BookingEvent =
    command.confirmation === 'instant'
      ? { type: 'BookingConfirmed', data: { ref, at } }
      : { type: 'BookingPending', data: { ref, expiresAt: command.pendingExpiresAt, at } };
  return [{ type: 'BookingPlaced', data: command.booking }, outcome];
}

/** A booking already cancelled, rejected or lapsed (or still being placed) cannot be cancelled: 409 booking_not_confirmed. */
function notCancellable(state: Exclude<Booking, { status: 'none' }>): Refusal {
  return conflict('booking_not_confirmed', `a ${state.status} booking cannot be cancelled`, { ref: state.placed.ref, booking_status: state.status });
}

/**
 * What the traveller's cancel would give back now (spec 2.8 refund preview): a confirmed booking
 * by its policy, a pending one (withdrawn) everything paid so far; any other cannot be cancelled,
 * so it has no preview but the same 409 as cancelling it.
 */
export function cancellationPreview(state: Booking, paid: number, now: Date): RefundPreview | Refusal {
  if (state.status === 'none') return notFound('booking');
  const preview = refundPreview(state.placed, paid, now, state.start);
  if (state.status === 'pending') return { ...preview, refund_pct: 100, refund: preview.paid };
  return state.status === 'confirmed' ? preview : notCancellable(state);
}

function cancelBooking(command: CancelBooking, state: Booking): BookingEvent[] | Refusal {
  if (state.status === 'none') return notFound('booking');
  if (state.status === 'pending' && command.by === 'traveller') return withdrawRequest(command, state);
  if (state.status !== 'confirmed') return notCancellable(state);
  const preview = refundPreview(state.placed, command.paid, command.now, state.start);
  return [
    {
      type: 'BookingCancelled',
      data: {
        ref: state.placed.ref,
        by: command.by,
        refundPct: preview.refund_pct,
        refund: preview.refund,
        reason: command.reason,
        at: command.now.toISOString(),
      },
    },
  ];
}

/** A traveller withdraws a booking still pending: everything paid so far goes back (usually nothing). */
function withdrawRequest(command: CancelBooking, state: Exclude<Booking, { status: 'none' }>): BookingEvent[] {
  const refund = money(command.paid, state.placed.quote.totals.due_now.currency);
  const data = { ref: state.placed.ref, by: command.by, refundPct: 100, refund, reason: command.reason, at: command.now.toISOString() };
  return [{ type: 'BookingCancelled', data }];
}

function abandonCheckout(command: AbandonCheckout, state: Booking): BookingEvent[] {
  if (state.status !== 'none' || state.abandoned) return [];
  return [{ type: 'CheckoutAbandoned', data: { ref: command.ref, at: command.now.toISOString() } }];
}

export function decideBooking(command: BookingCommand, state: Booking): BookingEvent[] | Refusal {
  switch (command.type) {
    case 'PlaceBooking':
      return placeBooking(command, state);
    case 'CancelBooking':
      return cancelBooking(command, state);
    case 'AbandonCheckout':
      return abandonCheckout(command, state);
    case 'MoveBooking':
    case 'MessageBooking':
    case 'TakeRefundInstead':
    case 'CancelBySeller':
      return decideMove(command, state);
    case 'ConfirmBooking':
    case 'RejectBooking':
    case 'AcceptBooking':
    case 'LapseBooking':
      return decideSellerDecision(command, state);
    default:
      return assertNever(command);
  }
}
