import { CALL_OFF_REASONS } from '../../domain/departure';
import { localStartParam } from '../kernel/params';
import { enumOf, nullable, obj, ref, str } from '../kernel/schema';
import { sellerOperation } from './operation';

const params = { optionId: str({ minLength: 1, maxLength: 100 }), start: localStartParam };

const WRITE =
  "Needs a secret key whose scopes include bookings:write (403 NotPermitted otherwise). Only the key's seller's options exist for it: another seller's option answers 404 NotFound (entity option). " +
  "`start` is a start of the option's schedule (404 NotFound, entity start, otherwise, unless it has bookings); a date or time that does not exist is 422 InvalidInput " +
  '(reason invalid_start, field start).';

export const sellerCallOffDeparture = sellerOperation({
  id: 'sellerCallOffDeparture',
  method: 'post',
  path: '/v1/options/{optionId}/departures/{start}/call-off',
  permission: 'bookings:write',
  summary: 'Call off a start',
  description:
    'Calls off a start that has not begun (422 InvalidInput start_begun otherwise), once: one call id is recorded, and from then on the start takes no holds or bookings (422 SlotClosed). ' +
    'Every booking of the start, pending or confirmed, is then either moved to `offered_start` (its places held and booked there under the same ref; ' +
    'the traveller is emailed the new start and offered a refund of everything paid instead until it begins: GET/POST /v1/public/bookings/{ref}/refund-instead) ' +
    'or, when no start is offered or there is no room there for it, cancelled by the seller (cancellation.by seller, refund_pct 100: everything paid is refunded, the traveller emailed). ' +
    'Bookings are taken in ref order while the offered start has room. `offered_start` must be open for sale (as for a hold: 422 SlotClosed, PastCutoff or InvalidInput) and later than the start ' +
    '(422 InvalidInput not_later). Calling off a start called off already answers 409 Conflict, reason departure_called_off, details {call_id, start, reason}: the call that stands. ' +
    'The answer waits a few seconds for the bookings to be moved or cancelled; a booking not done by then is in_progress and follows. ' +
    `The webhook departure.cancelled tells the call and each booking's outcome once every booking has one. reason codes: ${CALL_OFF_REASONS.join(', ')} (other with a note for anything else). ${WRITE}`,
  params,
  body: obj(
    {
      reason: enumOf(...CALL_OFF_REASONS),
      note: nullable(str({ maxLength: 2000 })),
      offered_start: nullable(localStartParam),
    },
    ['reason'],
  ),
  bodyRequired: true,
  bodyDescription: '{reason, note (optional, shown to travellers), offered_start (optional)}',
  success: { status: 201, description: '{call_id, start, offered_start, reason, note, bookings: [{ref, outcome, start}]}' },
  response: ref('DepartureCallOff'),
  handle: async ({ caller, params: p, body }, app) => app.departures.callOff(caller, p.optionId, p.start, body),
});

export const sellerMessageDeparture = sellerOperation({
  id: 'sellerMessageDeparture',
  method: 'post',
  path: '/v1/options/{optionId}/departures/{start}/messages',
  permission: 'bookings:write',
  summary: 'Write to the travellers of a start',
  description:
    "Emails `message` to the lead traveller of every pending or confirmed booking of the start, once per booking, in the booking's language around the seller's own words " +
    "(the mail's subject is `subject` when given); each booking records it (webhook booking.messaged). A start that has begun can be written to. " +
    `Not safe to repeat: each call is a new message. ${WRITE}`,
  params,
  body: obj({ message: str({ minLength: 1, maxLength: 2000 }), subject: str({ minLength: 1, maxLength: 200 }) }, ['message']),
  bodyRequired: true,
  bodyDescription: '{message (1 to 2000 characters), subject (optional, up to 200)}',
  success: { status: 202, description: '{message_id, bookings}' },
  response: ref('DepartureMessage'),
  handle: async ({ caller, params: p, body }, app) => app.departures.message(caller, p.optionId, p.start, body),
});

export const departureSellerOperations = [sellerCallOffDeparture, sellerMessageDeparture];
