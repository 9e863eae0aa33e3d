import type { Projector } from '../../application/platform/processing/projector';
import { bookingRecord } from '../../domain/booking/record';
import type { BookingPlacedData } from '../../domain/booking';

/** Hold and booking documents as the booking pages read them, payments folded in. */
export const bookingsProjector: Projector = {
  name: 'bookings',
  collections: {
    holds: [{ status: 1 }],
    bookings: [{ storefront_id: 1 }, { seller_id: 1 }, { lead_email: 1 }],
  },
  handlers: {
    HoldPlaced: (e) => [{
      collection: 'holds',
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
          quote: e.data.quote,
          hold_expires_at: e.data.expiresAt,
          placed_at: e.data.placedAt,
          status: 'on_hold',
        },
        upsert: true,
      },
    }],
    HoldCheckedOut: (e) => [{ collection: 'holds', updateOne: { filter: { _id: e.data.ref }, update: { $set: { status: 'checked_out' } } } }],
    HoldExpired: (e) => [{ collection: 'holds', updateOne: { filter: { _id: e.data.ref }, update: { $set: { status: 'expired' } } } }],
    // An abandoned checkout leaves the sweep once its places are back on sale, not before.
    PlacesReleased: (e) => (e.data.why === 'abandoned'
      ? [{ collection: 'holds', updateOne: { filter: { _id: e.data.ref }, update: { $set: { status: 'abandoned' } } } }]
      : []),
    BookingPlaced: (e) => {
      const b = e.data as BookingPlacedData;
      return [{ collection: 'holds', updateOne: { filter: { _id: b.ref }, update: { $set: { status: 'booked' } } } }, {
        collection: 'bookings',
        updateOne: {
          filter: { _id: b.ref },
          update: {
            $set: { ...bookingRecord(b), status: 'placed', pending_expires_at: null, cancellation: null },
          },
          upsert: true,
        },
      }];
    },
    BookingConfirmed: (e) => [{ collection: 'bookings', updateOne: { filter: { _id: e.data.ref }, update: { $set: { status: 'confirmed', pending_expires_at: null } }, upsert: true } }],
    BookingPending: (e) => [{ collection: 'bookings', updateOne: { filter: { _id: e.data.ref }, update: { $set: { status: 'pending', pending_expires_at: e.data.expiresAt } }, upsert: true } }],
    BookingCancelled: (e) => [{
      collection: 'bookings',
      updateOne: {
        filter: { _id: e.data.ref },
        update: { $set: { status: 'cancelled', cancellation: { by: e.data.by, refund_pct: e.data.refund_pct, refund: e.data.refund } } },
        upsert: true,
      },
    }],
    PaymentArranged: (e) => [{
      collection: 'bookings',
      updateOne: {
        filter: { _id: e.data.ref },
        update: { $set: { payment: { method: e.data.method, status: e.data.status, due_at: e.data.due_at, on_arrival: e.data.on_arrival, paid: e.data.paid, refunded: { amount: 0, currency: e.data.paid.currency } } } },
        upsert: true,
      },
    }],
    PaymentCancelled: (e) => [{
      collection: 'bookings',
      updateOne: { filter: { _id: e.data.ref }, update: { $set: { 'payment.status': 'cancelled', 'payment.on_arrival': null, 'payment.due_at': null } }, upsert: true },
    }],
    PaymentRefunded: (e) => [{ collection: 'bookings', updateOne: { filter: { _id: e.data.ref }, update: { $set: { 'payment.refunded': e.data.refunded, 'payment.status': e.data.status } }, upsert: true } }],
  },
};
