/** Answers of calling off a start and writing to its travellers (issue 8). */
import { CALL_OFF_REASONS } from '../../domain/departure';
import { count, described, id, localStart, nStr, object, orNull } from '../kernel/answer-schema';
import { bookingRef } from '../kernel/params';
import { Schema, arr, enumOf, ref } from '../kernel/schema';

const DepartureCallOffBooking = object({
  ref: bookingRef,
  outcome: described(
    enumOf('moved', 'cancelled', 'in_progress'),
    'moved: to offered_start, places taken there, the traveller offered a refund instead until then; ' +
      'cancelled: by the seller, everything paid refunded (also when offered_start had no room for it); ' +
      'in_progress: not done yet when the answer was given (it follows shortly; GET /v1/bookings shows it)',
  ),
  start: described(localStart, 'The start the booking is for now'),
});

const DepartureCallOff = object(
  {
    call_id: id,
    start: described(localStart, 'The start called off'),
    offered_start: described(orNull(localStart), 'The start bookings were moved to; null when none was offered (every booking cancelled)'),
    reason: enumOf(...CALL_OFF_REASONS),
    note: nStr,
    bookings: arr(ref('DepartureCallOffBooking')),
  },
  {},
  { description: 'A start called off and what became of each of its bookings (pending or confirmed)' },
);

const DepartureMessage = object(
  { message_id: id, bookings: described(count, 'How many bookings (pending or confirmed) the message goes to, one mail each') },
  {},
  { description: 'A message to the travellers of a start' },
);

export const departureSellerSchemas: Record<string, Schema> = { DepartureCallOffBooking, DepartureCallOff, DepartureMessage };
