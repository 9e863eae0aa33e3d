/** The OpenAPI `webhooks` section: what each event type's POST to an endpoint carries. */
import { WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE, type WebhookEventType } from '../../domain/webhook';
import { described, id, localStart, nStr, object, orNull, text, timestamp } from '../kernel/answer-schema';
import { CALL_OFF_REASONS } from '../../domain/departure';
import { Schema, arr, enumOf, int, ref, str } from '../kernel/schema';

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

/** Every event type a seller can subscribe to, with what its `data` carries. */
const SENT: Record<WebhookEventType | typeof TEST_EVENT_TYPE, { summary: string; data: Schema }> = {
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
  'departure.cancelled': {
    summary: 'The seller called off a start (once per call): every booking of it was moved to the start offered instead or cancelled and refunded',
    data: object({
      call_id: id,
      option_id: id,
      start: localStart,
      reason: described(enumOf(...CALL_OFF_REASONS), 'Why the start was called off'),
      note: nStr,
      offered_start: described(orNull(localStart), 'The start offered instead, or null'),
      bookings: arr(
        object({
          booking_ref: text,
          outcome: enumOf('moved', 'cancelled'),
          start: described(orNull(localStart), 'Where a moved booking went; null when cancelled'),
        }),
      ),
    }),
  },
  'payment.link_sent': {
    summary: 'The seller sent the traveller a link to pay (once per link; a new link is a new event)',
    data: bookingData({ url: described(text, 'The link to pay, as sent') }),
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

function pathItem(type: string, summary: string, data: Schema) {
  return {
    post: {
      operationId: `webhook_${type.replace(/\./g, '_')}`,
      summary,
      description: `Event type ${type}. POSTed to endpoints subscribed to it; any 2xx within 10 s is success, otherwise retried after 1, 5 and 30 minutes, then 2, 6, 12 and 24 hours.`,
      parameters: signatureHeaders,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: object({ id: text, type: { const: type }, created_at: timestamp, data }) } },
      },
      responses: { '200': { description: 'Any 2xx: received' } },
    },
  };
}

export const webhookEventDocs: Record<string, unknown> = Object.fromEntries(
  ([...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE] as const).map((type) => [type, pathItem(type, SENT[type].summary, SENT[type].data)]),
);
