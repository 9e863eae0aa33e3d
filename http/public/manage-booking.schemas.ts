/** Answers of managing a booking (4.5). */
import { object, money } from '../kernel/answer-schema';
import { bookingRef } from '../kernel/params';
import { Schema, int, ref } from '../kernel/schema';

const RefundPreview = object(
  { days_before: int(), refund_pct: int(0, 100), refund: money, paid: money },
  {},
  { description: 'What cancelling now gives back under the policy the booking was sold with' },
);

const CancelResult = object({ ref: bookingRef, status: { const: 'cancelled' }, cancellation: ref('Cancellation') });

export const manageBookingSchemas: Record<string, Schema> = { RefundPreview, CancelResult };
