/** Answers and bodies of the seller's webhook endpoints. */
import type { EndpointBody, EndpointChange } from '../../application/webhooks';
import { WEBHOOK_SUBSCRIPTIONS } from '../../domain/webhook';
import { described, id, nStr, object, orNull, text, timestamp } from '../kernel/answer-schema';
import { Schema, arr, bool, describes, enumOf, int, obj, ref, str } from '../kernel/schema';

const subscription = enumOf(...WEBHOOK_SUBSCRIPTIONS);
const SUBSCRIPTIONS_TEXT =
  'Event types (booking.confirmed), whole groups as <group>.* (bookings.*, payments.*, enquiries.*, trips.*, pages.*), or * for every type';

const endpointFields = {
  id,
  url: text,
  events: described(arr(text), SUBSCRIPTIONS_TEXT),
  description: nStr,
  enabled: described({ type: 'boolean' }, 'false: nothing is delivered (set by the seller, or after 3 days without a successful delivery)'),
  created_at: timestamp,
  updated_at: timestamp,
};

const WebhookEndpoint = object(endpointFields, {}, { description: 'A webhook endpoint; its signing secret is shown only when made or rolled' });
const WebhookEndpointWithSecret = object(
  {
    ...endpointFields,
    secret: described(str({ pattern: '^whsec_[A-Za-z0-9+/=]+$' }), 'The signing secret (Standard Webhooks): shown this once, keep it'),
  },
  {},
  { description: 'A webhook endpoint with its new signing secret' },
);

const WebhookDelivery = object(
  {
    id,
    event_id: described(text, "The event id sent as Service-Event-Id and the body's id: the same on every attempt"),
    type: text,
    created_at: timestamp,
    status: enumOf('pending', 'succeeded', 'failed'),
    next_attempt_at: described(orNull(timestamp), 'When the next attempt is due; null once it succeeded or every retry failed'),
    attempts: arr(object({ attempt: int(1), at: timestamp, status: orNull(int()), error: nStr, succeeded: { type: 'boolean' } })),
  },
  {},
  { description: 'One event delivered to one endpoint, with its attempts' },
);

export const webhookSellerSchemas: Record<string, Schema> = {
  WebhookDelivery,
  WebhookDeliveryList: object({ data: arr(ref('WebhookDelivery')) }),
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEndpointList: object({ data: arr(ref('WebhookEndpoint')) }),
  WebhookEndpointDeleted: object({ id, deleted: { type: 'boolean', const: true } }),
};

const url = str({ minLength: 1, maxLength: 2000, 'x-expected': 'an https:// address' });
const events = arr(subscription, { minItems: 1, maxItems: 50, uniqueItems: true });
const description = str({ maxLength: 500 });

export const endpointBody = describes<EndpointBody>()(obj({ url, events, description }, ['url', 'events']));
export const endpointChange = describes<EndpointChange>()(obj({ url, events, description, enabled: bool }));
