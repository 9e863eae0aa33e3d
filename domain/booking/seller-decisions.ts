import type { PaymentMethodKind } from '../catalog/definitions';
import { Refusal, conflict, notFound } from '../shared/refusal';
import type { Booking, BookingEvent } from './events';

/**
 * The seller confirms a pending booking (`by: 'seller'`), or the money it waited for came in
 * (`by: 'payment'`). `paidInFull`: everything due has come in (a seller's confirmation of a
 * booking paid by transfer or link needs it; the payment's own confirmation implies it).
 */
export type ConfirmBooking = { type: 'ConfirmBooking'; by: 'seller' | 'payment'; paidInFull?: boolean; now: Date };
/** The seller declines a pending booking; `code` seller_unavailable when the platform declines it for a seller who left the marketplace. */
export type RejectBooking = { type: 'RejectBooking'; reason: string; code?: 'seller_unavailable'; now: Date };
/** The seller accepts a request paid by transfer or link: the traveller is asked to pay by `dueAt`. */
export type AcceptBooking = { type: 'AcceptBooking'; dueAt: string; now: Date };
/** Time is up for a pending booking: its `pending_expires_at` passed with no answer or no money. */
export type LapseBooking = { type: 'LapseBooking'; now: Date };

export type SellerDecision = ConfirmBooking | RejectBooking | AcceptBooking | LapseBooking;

type Placed = Exclude<Booking, { status: 'none' }>;

/** Ways to pay whose money comes after the booking: it waits for it (pending) until paid. */
const PAID_LATER: readonly (PaymentMethodKind | null)[] = ['bank_transfer', 'payment_link'];

/** Whether the booking waits for money paid after booking (by transfer or link). */
export const paidLater = (state: Placed): boolean => PAID_LATER.includes(state.placed.paymentMethod ?? null);

/** Whether the booking was a request the seller must answer (the option confirms by hand or on request). */
export const needsSeller = (state: Placed): boolean => state.placed.quote.confirmation === 'manual';

const notPending = (state: Placed): Refusal =>
  conflict('booking_not_pending', `a ${state.status} booking is not waiting for a decision`, { ref: state.placed.ref, booking_status: state.status });

function confirmBooking(command: ConfirmBooking, state: Placed): BookingEvent[] | Refusal {
  // Confirming a confirmed booking again is the same decision: nothing more happens.
  if (state.status === 'confirmed') return [];
  if (state.status !== 'pending') return notPending(state);
  const ref = state.placed.ref;
  if (command.by === 'seller' && paidLater(state) && !command.paidInFull) {
    return conflict(
      'payment_outstanding',
      needsSeller(state) && !state.accepted
        ? 'this request is paid by transfer or link and nothing is paid yet: accept it (POST .../accept) to ask the traveller to pay'
        : 'this booking waits for its payment: record the money received (POST .../payments) and it is confirmed',
      { ref, booking_status: state.status, payment_method: state.placed.paymentMethod, accepted: state.accepted },
    );
  }
  if (command.by === 'payment' && needsSeller(state) && !state.accepted) {
    return conflict('awaiting_seller', 'the seller has yet to answer this request: paying does not confirm it', { ref, booking_status: state.status });
  }
  return [{ type: 'BookingConfirmed', data: { ref, at: command.now.toISOString(), by: command.by } }];
}

function rejectBooking(command: RejectBooking, state: Placed): BookingEvent[] | Refusal {
  // A rejection repeated answers the booking as rejected, with its first reason.
  if (state.status === 'rejected') return [];
  if (state.status !== 'pending') return notPending(state);
  const data = { ref: state.placed.ref, reason: command.reason, at: command.now.toISOString() };
  return [{ type: 'BookingRejected', data: command.code ? { ...data, code: command.code } : data }];
}

function acceptBooking(command: AcceptBooking, state: Placed): BookingEvent[] | Refusal {
  if (state.status !== 'pending') return notPending(state);
  const ref = state.placed.ref;
  if (!paidLater(state) || !needsSeller(state)) {
    const detail = paidLater(state)
      ? 'this booking needs no answer from the seller: it waits only for its money and is confirmed once paid (record the payment)'
      : 'only a request paid by bank transfer or payment link is accepted; confirm this booking instead';
    return conflict('not_a_payment_request', detail, {
      ref,
      booking_status: state.status,
      payment_method: state.placed.paymentMethod,
    });
  }
  if (state.accepted) return [];
  if (Date.parse(command.dueAt) <= command.now.getTime()) {
    return conflict('too_late_to_pay', 'the way to pay this booking closes before now for its start: confirm it or reject it', {
      ref,
      booking_status: state.status,
      pay_before: command.dueAt,
    });
  }
  return [{ type: 'BookingAccepted', data: { ref, dueAt: command.dueAt, at: command.now.toISOString() } }];
}

function lapseBooking(command: LapseBooking, state: Placed): BookingEvent[] {
  // Only a pending booking whose time is up lapses; anything else (decided meanwhile, time not up) is left as it is.
  if (state.status !== 'pending' || state.pendingExpiresAt === null) return [];
  if (Date.parse(state.pendingExpiresAt) > command.now.getTime()) return [];
  return [{ type: 'BookingLapsed', data: { ref: state.placed.ref, at: command.now.toISOString() } }];
}

/** The seller's answer to a pending booking, its payment's confirmation, and its lapse (spec part 3). */
export function decideSellerDecision(command: SellerDecision, state: Booking): BookingEvent[] | Refusal {
  if (state.status === 'none') return notFound('booking');
  switch (command.type) {
    case 'ConfirmBooking':
      return confirmBooking(command, state);
    case 'RejectBooking':
      return rejectBooking(command, state);
    case 'AcceptBooking':
      return acceptBooking(command, state);
    case 'LapseBooking':
      return lapseBooking(command, state);
  }
}
