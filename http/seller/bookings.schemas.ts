/** Answers and bodies of the seller's bookings. */
import { described, money, nStr, nTimestamp, object, page, text, timestamp } from '../kernel/answer-schema';
import { Schema, arr, enumOf, int, obj, ref, str } from '../kernel/schema';

const SellerBooking = { allOf: [ref('BookingView'), object({ placed_at: timestamp })] };

/** The reason a seller declines a booking: shown to the traveller in the booking view and the mail. */
export const rejectBody = obj({ reason: str({ minLength: 1, maxLength: 500 }) }, ['reason']);

const HISTORY =
  'Every event of the booking, oldest first, as {type, at, ...}: at is when it happened (UTC). Types and the fields each carries: ' +
  'hold.placed {expires_at}; hold.checked_out; hold.expired; booking.placed {method}; booking.requested {expires_at} (the booking waits for the seller or its money); ' +
  'booking.confirmed {by: checkout, seller or payment}; booking.accepted {due_at} (a request paid by transfer or link, asked to pay); ' +
  'booking.rejected {by: seller or platform, reason}; booking.lapsed; booking.cancelled {by: traveller or seller, reason, amount (the refund)}; ' +
  'booking.moved {from, to, reason, note, expires_at (a pending booking: when it now lapses, from the new start)}; booking.messaged {message}; ' +
  'payment.arranged {method, status, amount (what is due), due_at}; payment.requested {due_at}; payment.due_moved {due_at} (the booking moved: the money is due as long before the new start); payment.link_sent (the link to pay was sent); ' +
  'payment.proof_submitted {receipt_id, content_type, size}; payment.received {amount, total (paid so far), status, reference}; ' +
  'payment.refunded {amount, total (refunded so far), status}; payment.cancelled; contact.change_requested {field}; contact.code_refused; contact.changed {field}; ' +
  'travellers.saved {position}; travellers.link_issued {position}. Types added later follow the same <stream>.<event_name> form, with at only; clients skip types they do not know. ' +
  'Internal ids, token digests and codes are never shown';

const HistoryEntry = object(
  { type: described(str({ pattern: '^[a-z_]+\\.[a-z_]+$' }), 'e.g. booking.confirmed'), at: timestamp },
  {
    by: text,
    reason: nStr,
    note: nStr,
    message: text,
    method: nStr,
    status: text,
    amount: money,
    total: money,
    due_at: nTimestamp,
    expires_at: nTimestamp,
    from: text,
    to: text,
    field: enumOf('email', 'phone'),
    position: int(1),
    receipt_id: text,
    content_type: text,
    size: int(0),
    reference: nStr,
  },
);

const SellerBookingDetail = {
  description:
    "A booking as its seller sees it: the booking view (status also rejected or lapsed; see BookingView) plus the lead's contact as it now stands, " +
    'the travellers as given (lead first; position i + 1 is travellers[i]; {} where none were given yet), attribution (as sent with the hold or checkout, or null), ' +
    "special_requests, pickup_details, the checkout's locale, what came in and went back (payment.paid, payment.refunded), placed_at and the history of its events",
  allOf: [
    ref('BookingView'),
    object({
      placed_at: timestamp,
      lead: object({ name: text, email: text, phone: text }),
      travellers: arr(object({})),
      attribution: described({ anyOf: [object({}), { type: 'null' }] }, 'The tags, ad click ids and referrer sent with the hold, or null'),
      special_requests: nStr,
      pickup_details: described(
        { anyOf: [object({}, { flight: text, ship: text, room: text }), { type: 'null' }] },
        'The flight, ship or room the pickup asked for, as given at checkout; null when none was',
      ),
      locale: nStr,
      payment: object({ paid: money, refunded: money }),
      history: described(arr(ref('SellerBookingEvent')), HISTORY),
    }),
  ],
};

export const sellerBookingSchemas: Record<string, Schema> = {
  SellerBooking,
  SellerBookingList: page(ref('SellerBooking')),
  SellerBookingDetail,
  SellerBookingEvent: HistoryEntry,
};
