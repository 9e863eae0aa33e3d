import { obj, ref, str } from '../kernel/schema';
import { anyRef } from './booking';
import { publicOperation } from './operation';

// Generous bounds: a token or email of any plausible size that is wrong answers 404 like a missing booking.
// traveller_token (a traveller's details link) is taken only to answer like a missing booking: it opens no more than that traveller's details.
const access = {
  token: str({ minLength: 1, maxLength: 2000 }),
  email: str({ minLength: 1, maxLength: 2000 }),
  traveller_token: str({ minLength: 1, maxLength: 2000 }),
};

const ACCESS =
  "Access proof, one of: `token` (the booking_token from the checkout answer), `email` (the lead's email, any case) " +
  "or the traveller's session cookie (tp_session, from POST /v1/public/auth/verify) passed on with the website key, which opens the " +
  "bookings of this storefront whose lead email is the session's. A wrong token or email answers the same 404 NotFound " +
  "(entity booking) as a ref that does not exist; so does a `traveller_token` alone (it opens only its traveller's details, GET/PUT .../travellers).";

export const getBooking = publicOperation({
  id: 'getBooking',
  method: 'get',
  path: '/v1/public/bookings/{ref}',
  summary: 'A booking (token or lead email)',
  params: { ref: anyRef },
  query: access,
  description: `The booking as the traveller sees it; never the lead's contact details. ${ACCESS}`,
  success: { status: 200, description: 'booking view' },
  response: ref('BookingView'),
  handle: async ({ caller, params, query }, app) => app.manageBooking.view(caller, params.ref, query),
});

export const getRefund = publicOperation({
  id: 'getRefund',
  method: 'get',
  path: '/v1/public/bookings/{ref}/refund',
  summary: 'What cancelling now gives back',
  params: { ref: anyRef },
  query: access,
  description: `What cancelling now gives back under the policy the booking was sold with (a pending booking withdrawn: everything paid so far). A booking that can no longer be cancelled (cancelled, rejected, lapsed) answers 409 Conflict, reason booking_not_confirmed, as cancelling it would. ${ACCESS}`,
  success: { status: 200, description: '{days_before, refund_pct, refund, paid}' },
  response: ref('RefundPreview'),
  handle: async ({ caller, params, query }, app) => app.manageBooking.refundPreview(caller, params.ref, query),
});

export const cancelBooking = publicOperation({
  id: 'cancelBooking',
  method: 'post',
  path: '/v1/public/bookings/{ref}/cancel',
  summary: 'Cancel a booking (booking token only)',
  description:
    'Cancels a confirmed booking (refund as its policy says) or withdraws a pending one (refund_pct 100: everything paid so far goes back, usually nothing): ' +
    'cancellation.by is traveller, the places return to sale and the traveller is emailed. ' +
    "Access is the booking_token (`token`) or the owner's session; the lead's email cannot cancel: with `email` alone the answer is 401 Unauthenticated. A wrong token or email answers 404 NotFound (entity booking). " +
    'Cancelling a cancelled, rejected or lapsed booking answers 409 Conflict, reason booking_not_confirmed, details {ref, booking_status}.',
  params: { ref: anyRef },
  query: access,
  body: obj({ reason: str({ maxLength: 2000 }) }),
  bodyDescription: 'Optional {reason}',
  success: { status: 200, description: '{ref, status, cancellation}' },
  response: ref('CancelResult'),
  handle: async ({ caller, params, query, body }, app) => app.manageBooking.cancel(caller, params.ref, query, body?.reason ?? null),
});

export const manageBookingOperations = [getBooking, getRefund, cancelBooking];
