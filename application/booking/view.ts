import type { Money } from '../../domain/shared/money';
import type { Quote } from '../../domain/pricing/quote';
import type { BookingDoc } from '../../projections/bookings/doc';
import type { Booking, BookingStatus } from '../../domain/booking';
import { bookingRecord, cancellationRecord, paymentRecord } from '../../domain/booking/record';
import type { Payment } from '../../domain/payment';
import { type DetailsSummary, detailsSummary } from '../../domain/traveller-details';

export type { BookingDoc } from '../../projections/bookings/doc';

/** The booking as the traveller sees it (spec 2.8); never the lead's contact details. */
export interface BookingView {
  ref: string;
  status: BookingStatus | 'on_hold';
  start: string;
  pax: number;
  hold_expires_at: string | null;
  pending_expires_at: string | null;
  trip: { title: string; option: string; product_id: string };
  payment: PaymentView;
  details: DetailsSummary;
  cancellation: { by: 'traveller' | 'seller'; refund_pct: number; refund: Money } | null;
  rejection_reason: string | null;
  reject_code: 'seller_unavailable' | null;
  quote: Quote;
}

/**
 * A booking's payment as the traveller sees it. `bank`: the seller's account to pay into (bank_transfer only),
 * with the booking ref to quote as the transfer's reference. `receipt`: the latest proof of payment sent.
 * `link`: for payment_link, whether and when the seller sent the link to pay by due_at, and the link while the money is still to come.
 */
export interface PaymentView {
  method: string | null;
  status: string;
  due_at: string | null;
  on_arrival: Money | null;
  bank: { account_name: string; iban: string; bic: string; bank_name: string; reference: string } | null;
  receipt: { received_at: string; content_type: string; size: number } | null;
  link: { sent: boolean; sent_at: string | null; url: string | null } | null;
}

/** Money asked for and still to come in: only then is the link to pay shown. */
const STILL_DUE = ['unpaid', 'part_paid', 'proof_submitted'];

/** `now` tells whether traveller details are overdue (spec 2.8 `details`), as of the read. */
export function bookingView(doc: Readonly<BookingDoc>, now: Date = new Date()): BookingView {
  const payment = doc.payment;
  const live = doc.status === 'confirmed' || doc.status === 'pending' || doc.status === 'placed';
  return {
    ref: doc._id,
    status: doc.status === 'placed' ? 'pending' : doc.status,
    start: doc.start,
    pax: doc.pax,
    hold_expires_at: doc.hold_expires_at,
    pending_expires_at: doc.pending_expires_at,
    trip: doc.trip,
    payment: {
      method: payment?.method ?? null,
      status: payment?.status ?? 'unpaid',
      // A booking that is over asks for no more money: no deadline, nothing to bring, no account to pay into.
      due_at: live ? (payment?.due_at ?? null) : null,
      on_arrival: live ? (payment?.on_arrival ?? null) : null,
      bank: live && payment?.method === 'bank_transfer' && payment.bank ? { ...payment.bank, reference: doc._id } : null,
      receipt: payment?.receipt ?? null,
      link:
        payment?.method === 'payment_link'
          ? {
              sent: Boolean(payment.link),
              sent_at: payment.link?.sent_at ?? null,
              url: live && STILL_DUE.includes(payment.status) ? (payment.link?.url ?? null) : null,
            }
          : null,
    },
    details: detailsSummary(
      {
        rule: doc.details_rule ?? null,
        givenAtCheckout: doc.details_needed ?? false,
        start: doc.start,
        timezone: doc.timezone ?? 'UTC',
        pax: doc.pax,
        given: Object.keys(doc.details_given ?? {}).filter((position) => Number(position) <= doc.pax).length,
        live,
      },
      now,
    ),
    cancellation: doc.cancellation,
    rejection_reason: doc.rejection_reason,
    reject_code: doc.reject_code ?? null,
    quote: doc.quote,
  };
}

/**
 * The same document the bookings projection builds, folded from the booking's own streams
 * (for answers that must not wait on the read model); null when there is no booking.
 */
export function bookingDocOf(booking: Booking, payment: Payment): BookingDoc | null {
  if (booking.status === 'none') return null;
  const b = booking.placed;
  return {
    _id: b.ref,
    ...bookingRecord(b),
    start: booking.start,
    rejection_reason: booking.rejectionReason,
    reject_code: booking.rejectCode,
    status: booking.status,
    pending_expires_at: booking.pendingExpiresAt,
    cancellation: booking.cancellation && cancellationRecord(booking.cancellation),
    payment: payment.status === 'none' ? undefined : paymentRecord(payment),
  };
}
