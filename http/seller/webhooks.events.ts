/** The OpenAPI `webhooks` section: what each event type's POST to an endpoint carries. */
import { WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE } from '../../domain/webhook';
import { described, id, localStart, nStr, object, orNull, text, timestamp } from '../kernel/answer-schema';
import { Schema, enumOf, int, ref, str } from '../kernel/schema';

const bookingData = (extra: Record<string, Schema> = {}) =>
  object({
    booking_ref: text,
    storefront_id: id,
    product_id: id,
    option_id: id,
    start: localStart,
    timezone: text,
    places: int(1),
    ...extra,
  });

const attribution = described(
  orNull({ type: 'object', additionalProperties: { type: 'string' } }),
  'The attribution checkout recorded (utm_*, referrer, ...), or null',
);

/** Types the log records today; the others are declared for when their events exist and are not sent yet. */
const SENT: Record<string, { summary: string; data: Schema }> = {
  'booking.requested': { summary: 'A booking request waits for the seller', data: bookingData({ attribution, expires_at: orNull(timestamp) }) },
  'booking.confirmed': { summary: 'A booking was confirmed', data: bookingData({ attribution }) },
  'booking.cancelled': {
    summary: 'A booking was cancelled',
    data: bookingData({
      cancelled_by: enumOf('traveller', 'seller'),
      reason: nStr,
      refund_pct: int(0, 100),
      refund: ref('Money'),
      refund_instead: described({ type: 'boolean' }, 'The traveller took the refund offered for a booking the seller moved'),
    }),
  },
  'booking.rejected': { summary: 'The seller declined a booking request', data: bookingData({ reason: text }) },
  'booking.lapsed': { summary: 'A pending booking lapsed: its pending_expires_at passed unanswered or unpaid', data: bookingData() },
  'booking.moved': {
    summary: "The seller called off the booking's start and moved it to another (`start` is the new one)",
    data: bookingData({ call_id: id, from: localStart, to: localStart, reason: text, note: nStr }),
  },
  'booking.messaged': {
    summary: "Staff messaged the travellers of the booking's start (once per booking)",
    data: bookingData({ message_id: text, message: text }),
  },
  'payment.proof_submitted': {
    summary: 'The traveller uploaded proof of payment (a transfer receipt) for the seller to check',
    data: bookingData({ receipt_id: text, content_type: text, size: int(1) }),
  },
  'payment.received': {
    summary: 'The seller recorded money received for a booking',
    data: bookingData({ payment_id: text, amount: ref('Money'), paid: ref('Money'), payment_status: text, reference: nStr }),
  },
  'enquiry.received': {
    summary: 'An enquiry came in',
    data: object({ enquiry_id: id, reference: text, kind: enumOf('product', 'planner', 'contact'), storefront_id: id, product_id: orNull(id) }),
  },
  'trip.published': { summary: 'A trip was published', data: object({ product_id: id }) },
  'trip.updated': { summary: "A trip's definition changed", data: object({ product_id: id }) },
  'trip.unpublished': { summary: 'A trip was withdrawn', data: object({ product_id: id }) },
  'page.published': { summary: 'A page of a storefront the seller runs was published', data: object({ storefront_id: id, page_id: id }) },
  [TEST_EVENT_TYPE]: { summary: 'Sent by POST /v1/webhooks/{id}/test only', data: object({ endpoint_id: id, message: text }) },
};

const LATER: Record<string, string> = {
  'departure.cancelled': "A departure was called off: call id, reason, note, offered start, each booking's outcome",
};

const signatureHeaders = [
  { name: 'Service-Event-Id', in: 'header', required: true, description: 'The event id: the same on every attempt, so a repeat can be dropped', schema: str() },
  { name: 'Service-Timestamp', in: 'header', required: true, description: 'When this attempt was signed, unix seconds', schema: str({ pattern: '^[0-9]+$' }) },
  {
    name: 'Service-Signature',
    in: 'header',
    required: true,
    description:
      'Standard Webhooks: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}" under the base64-decoded secret after whsec_>; two, space-separated, for 24 hours after a roll',
    schema: str(),
  },
];

function pathItem(type: string, summary: string, data: Schema, later: boolean) {
  const note = later ? ' Declared for when its event exists: not sent yet.' : '';
  return {
    post: {
      operationId: `webhook_${type.replace(/\./g, '_')}`,
      summary,
      description: `Event type ${type}.${note} POSTed to endpoints subscribed to it; any 2xx within 10 s is success, otherwise retried after 1, 5 and 30 minutes, then 2, 6, 12 and 24 hours.`,
      parameters: signatureHeaders,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: object({ id: text, type: { const: type }, created_at: timestamp, data }) } },
      },
      responses: { '200': { description: 'Any 2xx: received' } },
    },
  };
}

const laterData = object({});

export const webhookEventDocs: Record<string, unknown> = Object.fromEntries([
  ...Object.entries(SENT).map(([type, { summary, data }]) => [type, pathItem(type, summary, data, false)]),
  ...WEBHOOK_EVENT_TYPES.filter((type) => !(type in SENT)).map((type) => [type, pathItem(type, LATER[type] ?? type, laterData, true)]),
]);
