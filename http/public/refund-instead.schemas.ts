/** Answers of the refund offered instead of a moved booking's new start (4.5). */
import { described, localStart, money, nStr, object, text, timestamp } from '../kernel/answer-schema';
import { Schema } from '../kernel/schema';

const RefundInstead = object(
  {
    reason: described(text, 'Why the start was called off: weather, too_few_travellers, guide_unavailable, vehicle_unavailable, safety or other'),
    note: described(nStr, "The seller's note to travellers, or null"),
    called_off_start: described(localStart, 'The start the seller called off'),
    moved_to_start: described(localStart, 'The start the booking was moved to (its start now)'),
    refund: described(money, 'What taking it gives back: everything paid and not yet refunded'),
    available_until: described(timestamp, 'The refund can be taken until the new start begins'),
  },
  {},
  { description: 'The refund a booking moved by the seller is offered instead of its new start' },
);

export const refundInsteadSchemas: Record<string, Schema> = { RefundInstead };
