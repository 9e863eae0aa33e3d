import { ref, str } from '../kernel/schema';
import { anyRef } from './booking';
import { publicOperation } from './operation';

// As for the other booking operations: a token of any plausible size that is wrong answers 404 like a missing booking.
const access = { token: str({ minLength: 1, maxLength: 2000 }), email: str({ minLength: 1, maxLength: 2000 }) };

const ACCESS =
  "Access is the booking_token (`token`) or the owner's traveller session; the lead's email cannot take it: with `email` alone the answer is 401 Unauthenticated. " +
  'A wrong token answers 404 NotFound (entity booking), as a ref that does not exist.';

export const getRefundInstead = publicOperation({
  id: 'getRefundInstead',
  method: 'get',
  path: '/v1/public/bookings/{ref}/refund-instead',
  summary: 'The refund offered instead of a moved start',
  description:
    'For a booking the seller moved to a later start when calling off its own: why, the start called off, the start moved to, the refund (everything paid and not yet refunded) ' +
    'and until when it can be taken (the new start). 404 NotFound (entity refund_instead) when nothing is offered: the booking was not moved, the refund was taken, ' +
    `the booking is no longer pending or confirmed, or the new start has begun. ${ACCESS}`,
  params: { ref: anyRef },
  query: access,
  success: { status: 200, description: '{reason, note, called_off_start, moved_to_start, refund, available_until}' },
  response: ref('RefundInstead'),
  handle: async ({ caller, params, query }, app) => app.departures.refundInstead(caller, params.ref, query),
});

export const takeRefundInstead = publicOperation({
  id: 'takeRefundInstead',
  method: 'post',
  path: '/v1/public/bookings/{ref}/refund-instead',
  summary: 'Take the refund instead of the moved start',
  description:
    'Until the new start begins: the booking is cancelled by the seller (cancellation.by seller, refund_pct 100), everything paid and not yet refunded is refunded, ' +
    'its places at the new start return to sale and the traveller is emailed. Once the new start has begun: 409 Conflict, reason refund_instead_closed, details {ref, available_until}. ' +
    'Taken already (the request retried, with or without the same Idempotency-Key): the same answer again, and nothing is refunded twice. ' +
    `Nothing offered: 404 NotFound (entity refund_instead). ${ACCESS}`,
  params: { ref: anyRef },
  query: access,
  success: { status: 200, description: '{ref, status, cancellation}' },
  response: ref('CancelResult'),
  handle: async ({ caller, params, query }, app) => app.departures.takeRefundInstead(caller, params.ref, query),
});

export const refundInsteadOperations = [getRefundInstead, takeRefundInstead];
