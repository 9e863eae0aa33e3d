import type { PaymentMethodDefinition } from '../catalog/definitions';
import type { ReleaseReason } from '../departure';
import { paymentIsDue } from '../payment/methods';
import { paymentDueAt } from '../payment/rules';
import { Refusal, refuse } from '../shared/refusal';
import { requestLapsesAt } from './decide';
import type { Booking, BookingPlacedData, BookingStatus } from './events';

/** Bookings that AlreadyBooked counts: those that hold their places (spec part 7). */
export const COUNTED_AS_BOOKED: readonly BookingStatus[] = ['pending', 'confirmed'];

/** With warn_if_booked, an email that already has a pending or confirmed booking for the option and start is warned. */
export function alreadyBooked(warnIfBooked: boolean, bookings: number): Refusal | null {
  if (!warnIfBooked || bookings === 0) return null;
  return refuse('AlreadyBooked', 'this email already has a booking for this start', { bookings });
}

export interface BookingOutcome {
  confirmation: 'instant' | 'manual';
  /** Until when a pending booking waits (for its money or for the seller). */
  pendingExpiresAt: string | null;
}

/**
 * How a checkout's booking stands (spec part 3): money still to come (a payment link, a transfer)
 * keeps it pending until paid by its deadline; a request the seller must answer waits `pendingHours`
 * from the checkout that makes it, never past its start; otherwise as the quote says.
 */
export function bookingOutcome(sold: {
  confirmation: 'instant' | 'manual';
  method: PaymentMethodDefinition | null;
  start: string;
  timezone: string;
  now: Date;
  pendingHours: number;
}): BookingOutcome {
  const dueAt = paymentDueAt(sold.method, sold.confirmation, sold.start, sold.timezone);
  return {
    confirmation: paymentIsDue(sold.method) ? 'manual' : sold.confirmation,
    pendingExpiresAt: dueAt ?? requestLapsesAt(sold.now, sold.pendingHours, sold.start, sold.timezone),
  };
}

/**
 * A booking the option confirms at once but whose money is still to come (bank transfer, payment
 * link): it waits for the money, not for the seller, so the traveller is asked to pay at once.
 */
export function waitsOnlyForMoney(placed: Pick<BookingPlacedData, 'quote' | 'paymentMethod'>): boolean {
  return placed.quote.confirmation === 'instant' && (placed.paymentMethod === 'bank_transfer' || placed.paymentMethod === 'payment_link');
}

/** A checkout that booked places but stopped before placing its booking may be retried for this long after its hold ran out. */
export const ABANDONED_AFTER_MS = 60 * 60_000;

/** Checked-out holds that ran out before this instant are abandoned checkouts. */
export function abandonedBefore(now: Date): string {
  return new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString();
}

/** What the hold sweep settled: a hold on hold (and whether it just expired), or a checked-out one (and its booking since). */
export type Swept = { hold: 'on_hold'; expired: boolean } | { hold: 'checked_out'; booking: Booking };

/**
 * Whether settling a hold gives its places back, and why: a hold that just expired, or a checkout
 * whose booking stream says it was abandoned. An abandonment is released until its places are back
 * (the hold leaves the sweep only then), so a release cut short is tried again.
 */
export function releaseAfterSweep(swept: Swept): ReleaseReason | null {
  if (swept.hold === 'on_hold') return swept.expired ? 'expired' : null;
  return swept.booking.status === 'none' && swept.booking.abandoned ? 'abandoned' : null;
}
