import { defineProjector, type Write } from '../../application/platform/processing/projector';
import type { RecordedEvent } from '../../application/platform/ports/event-store';
import type { HandlersOf } from '../../domain/shared/decider';
import { bookingRecord, cancellationRecord, linkRecord, paymentRecord, receiptRecord } from '../../domain/booking/record';
import type { BookingEvent } from '../../domain/booking';
import type { HoldEvent } from '../../domain/hold';
import type { PlacesReleased } from '../../domain/departure';
import type { PaymentEvent } from '../../domain/payment';
import type { ContactChanged } from '../../domain/contact-change';
import { normaliseEmail } from '../../domain/shared/email';
import type { TravellerDetailsEvent } from '../../domain/traveller-details';
import { BOOKINGS, HOLDS } from './doc';

/** The events the hold and booking documents are made of. */
export type BookingsEvent = HoldEvent | PlacesReleased | BookingEvent | PaymentEvent | TravellerDetailsEvent | ContactChanged;

const setBooking = (ref: string, $set: Record<string, unknown>): Write => ({
  collection: BOOKINGS,
  updateOne: { filter: { _id: ref }, update: { $set }, upsert: true },
});
const setHoldStatus = (ref: string, status: string): Write => ({ collection: HOLDS, updateOne: { filter: { _id: ref }, update: { $set: { status } } } });

const handlers: HandlersOf<BookingsEvent, RecordedEvent, Write[]> = {
  HoldPlaced: (e) => [
    {
      collection: HOLDS,
      replaceOne: {
        filter: { _id: e.data.ref },
        doc: {
          _id: e.data.ref,
          storefront_id: e.data.storefrontId,
          seller_id: e.data.sellerId,
          product_id: e.data.productId,
          option_id: e.data.optionId,
          start: e.data.start,
          places: e.data.places,
          hold_expires_at: e.data.expiresAt,
          placed_at: e.data.placedAt,
          status: 'on_hold',
        },
        upsert: true,
      },
    },
  ],
  HoldCheckedOut: (e) => [setHoldStatus(e.data.ref, 'checked_out')],
  HoldExpired: (e) => [setHoldStatus(e.data.ref, 'expired')],
  // A refused checkout puts the hold back on hold: the expiry sweep then settles it at its own time.
  HoldCheckoutRefused: (e) => [setHoldStatus(e.data.ref, 'on_hold')],
  // An abandoned checkout leaves the sweep once its places are back on sale, not before.
  PlacesReleased: (e) => (e.data.why === 'abandoned' ? [setHoldStatus(e.data.ref, 'abandoned')] : []),
  BookingPlaced: (e) => [
    setHoldStatus(e.data.ref, 'booked'),
    setBooking(e.data.ref, { ...bookingRecord(e.data), status: 'placed', pending_expires_at: null, cancellation: null }),
  ],
  BookingConfirmed: (e) => [setBooking(e.data.ref, { status: 'confirmed', pending_expires_at: null })],
  BookingPending: (e) => [setBooking(e.data.ref, { status: 'pending', pending_expires_at: e.data.expiresAt })],
  BookingCancelled: (e) => [setBooking(e.data.ref, { status: 'cancelled', cancellation: cancellationRecord(e.data), pending_expires_at: null })],
  BookingRejected: (e) => [
    setBooking(e.data.ref, { status: 'rejected', rejection_reason: e.data.reason, reject_code: e.data.code ?? null, pending_expires_at: null }),
  ],
  // An accepted request waits for its money until it is due; the lapse sweep reads this.
  BookingAccepted: (e) => [setBooking(e.data.ref, { pending_expires_at: e.data.dueAt })],
  BookingLapsed: (e) => [setBooking(e.data.ref, { status: 'lapsed', pending_expires_at: null })],
  // A booking moved by the seller is for its new start from now on: lists and counts of that start include it.
  BookingMoved: (e) => [
    setBooking(e.data.ref, {
      start: e.data.to,
      // A pending booking's time to be answered or paid follows it to the new start (the lapse sweep reads it).
      ...(e.data.pendingExpiresAt ? { pending_expires_at: e.data.pendingExpiresAt } : {}),
      move: { call_id: e.data.callId, from: e.data.from, to: e.data.to, reason: e.data.reason, note: e.data.note, at: e.data.at },
    }),
  ],
  PaymentArranged: (e) => [setBooking(e.data.ref, { payment: paymentRecord({ ...e.data, refunded: { amount: 0, currency: e.data.paid.currency } }) })],
  PaymentCancelled: (e) => [setBooking(e.data.ref, { 'payment.status': 'cancelled', 'payment.on_arrival': null, 'payment.due_at': null })],
  PaymentRequested: (e) => [setBooking(e.data.ref, { 'payment.due_at': e.data.dueAt })],
  PaymentDueMoved: (e) => [setBooking(e.data.ref, { 'payment.due_at': e.data.dueAt })],
  PaymentLinkSent: (e) => [setBooking(e.data.ref, { 'payment.link': linkRecord({ url: e.data.url, sentAt: e.data.at }) })],
  PaymentRefunded: (e) => [setBooking(e.data.ref, { 'payment.refunded': e.data.refunded, 'payment.status': e.data.status })],
  TravellerDetailsSaved: (e) => [
    { collection: BOOKINGS, updateOne: { filter: { _id: e.data.ref }, update: { $set: { [`details_given.${e.data.position}`]: true } } } },
  ],
  PaymentProofSubmitted: (e) => [setBooking(e.data.ref, { 'payment.status': 'proof_submitted', 'payment.receipt': receiptRecord(e.data) })],
  PaymentReceived: (e) => [
    setBooking(e.data.ref, {
      'payment.status': e.data.status,
      'payment.paid': e.data.paid,
      // What is left to bring on arrival; older events cleared it only once paid in full.
      ...(e.data.onArrival !== undefined ? { 'payment.on_arrival': e.data.onArrival } : e.data.status === 'paid' ? { 'payment.on_arrival': null } : {}),
    }),
  ],
  // The lead's email opens the booking (as `email`, or a session of that address): it follows a confirmed fix.
  ContactChanged: (e) =>
    e.data.field === 'email'
      ? [{ collection: BOOKINGS, updateOne: { filter: { _id: e.data.ref }, update: { $set: { lead_email: normaliseEmail(e.data.value) } } } }]
      : [],
};

/** Hold and booking documents as the booking pages read them, payments folded in. */
export const bookingsProjector = defineProjector<BookingsEvent>(
  'bookings',
  {
    [HOLDS]: [{ status: 1 }],
    [BOOKINGS]: [{ storefront_id: 1 }, { seller_id: 1 }, { lead_email: 1 }],
  },
  handlers,
);
