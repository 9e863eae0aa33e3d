import { int, ref, str, withDefault } from '../kernel/schema';
import { sellerOperation } from './operation';
import { endpointBody, endpointChange } from './webhooks.schemas';

const MANAGE =
  "Needs a secret key whose scopes include webhooks:manage; otherwise 403 NotPermitted. Only the key's seller's endpoints exist for it (404 NotFound, entity webhook, otherwise). " +
  'Addresses must be https:// and must not resolve to a private, loopback or reserved address (every address the name resolves to is checked, now and at each delivery; 422 url_not_allowed).';
const endpointId = { id: str({ minLength: 1, maxLength: 100 }) };

export const sellerCreateWebhook = sellerOperation({
  id: 'sellerCreateWebhook',
  method: 'post',
  path: '/v1/webhooks',
  permission: 'webhooks:manage',
  summary: 'Register a webhook endpoint',
  description: `Events of the key's seller are delivered to url, signed per Standard Webhooks with the secret answered here once. ${MANAGE}`,
  body: endpointBody,
  bodyRequired: true,
  bodyDescription: 'url, events (types, <group>.* or *), description (optional)',
  success: { status: 201, description: 'endpoint with its secret' },
  response: ref('WebhookEndpointWithSecret'),
  handle: async ({ caller, body }, app) => app.webhooks.register(caller, body),
});

export const sellerListWebhooks = sellerOperation({
  id: 'sellerListWebhooks',
  method: 'get',
  path: '/v1/webhooks',
  permission: 'webhooks:manage',
  summary: "The seller's webhook endpoints",
  description: `Oldest first, without secrets. ${MANAGE}`,
  success: { status: 200, description: '{data}' },
  response: ref('WebhookEndpointList'),
  handle: async ({ caller }, app) => app.webhooks.list(caller),
});

export const sellerGetWebhook = sellerOperation({
  id: 'sellerGetWebhook',
  method: 'get',
  path: '/v1/webhooks/{id}',
  permission: 'webhooks:manage',
  summary: 'One webhook endpoint',
  description: `Without its secret. ${MANAGE}`,
  params: endpointId,
  success: { status: 200, description: 'endpoint' },
  response: ref('WebhookEndpoint'),
  handle: async ({ caller, params }, app) => app.webhooks.get(caller, params.id),
});

export const sellerChangeWebhook = sellerOperation({
  id: 'sellerChangeWebhook',
  method: 'patch',
  path: '/v1/webhooks/{id}',
  permission: 'webhooks:manage',
  summary: 'Change a webhook endpoint',
  description: `Changes the fields sent: url, events, description, enabled (true turns an endpoint turned off back on). ${MANAGE}`,
  params: endpointId,
  body: endpointChange,
  bodyRequired: true,
  bodyDescription: 'any of url, events, description, enabled',
  success: { status: 200, description: 'endpoint' },
  response: ref('WebhookEndpoint'),
  handle: async ({ caller, params, body }, app) => app.webhooks.change(caller, params.id, body),
});

export const sellerDeleteWebhook = sellerOperation({
  id: 'sellerDeleteWebhook',
  method: 'delete',
  path: '/v1/webhooks/{id}',
  permission: 'webhooks:manage',
  summary: 'Delete a webhook endpoint',
  description: `Nothing more is delivered to it. ${MANAGE}`,
  params: endpointId,
  success: { status: 200, description: '{id, deleted}' },
  response: ref('WebhookEndpointDeleted'),
  handle: async ({ caller, params }, app) => app.webhooks.delete(caller, params.id),
});

export const sellerRollWebhookSecret = sellerOperation({
  id: 'sellerRollWebhookSecret',
  method: 'post',
  path: '/v1/webhooks/{id}/roll-secret',
  permission: 'webhooks:manage',
  summary: "Roll a webhook endpoint's signing secret",
  description:
    'Answers a new secret, once. For 24 hours the previous secret keeps signing beside it (Service-Signature then carries two signatures, space-separated), ' +
    `so receivers can switch without missing an event; a secret rolled away earlier stops at once. ${MANAGE}`,
  params: endpointId,
  success: { status: 200, description: 'endpoint with its new secret' },
  response: ref('WebhookEndpointWithSecret'),
  handle: async ({ caller, params }, app) => app.webhooks.rollSecret(caller, params.id),
});

export const sellerTestWebhook = sellerOperation({
  id: 'sellerTestWebhook',
  method: 'post',
  path: '/v1/webhooks/{id}/test',
  permission: 'webhooks:manage',
  summary: 'Send a test event',
  description: `Schedules a webhook.test event to this endpoint alone (whatever it subscribes to, enabled or not is not checked), signed and retried as any other; answers its delivery. ${MANAGE}`,
  params: endpointId,
  success: { status: 202, description: 'delivery' },
  response: ref('WebhookDelivery'),
  handle: async ({ caller, params }, app) => app.webhooks.test(caller, params.id),
});

export const sellerListWebhookDeliveries = sellerOperation({
  id: 'sellerListWebhookDeliveries',
  method: 'get',
  path: '/v1/webhooks/{id}/deliveries',
  permission: 'webhooks:manage',
  summary: "An endpoint's deliveries",
  description:
    'Deliveries of the last 30 days, newest first: event id and type, status (pending, succeeded, failed), each attempt (time, HTTP status or error) and when the next is due. ' +
    `A failed attempt is retried after 1, 5 and 30 minutes, then 2, 6, 12 and 24 hours; an endpoint with no success for 3 days is turned off (enabled false). ${MANAGE}`,
  params: endpointId,
  query: { limit: withDefault(int(1, 100), 50) },
  success: { status: 200, description: '{data}' },
  response: ref('WebhookDeliveryList'),
  handle: async ({ caller, params, query }, app) => app.webhooks.deliveries(caller, params.id, query.limit ?? 50),
});

export const sellerResendWebhookDelivery = sellerOperation({
  id: 'sellerResendWebhookDelivery',
  method: 'post',
  path: '/v1/webhooks/{id}/deliveries/{deliveryId}/resend',
  permission: 'webhooks:manage',
  summary: 'Send a delivery again',
  description: `Due at once, with the same event id (receivers that already have it may drop it); one attempt, then as it stood. ${MANAGE}`,
  params: { ...endpointId, deliveryId: str({ minLength: 1, maxLength: 100 }) },
  success: { status: 202, description: 'delivery' },
  response: ref('WebhookDelivery'),
  handle: async ({ caller, params }, app) => app.webhooks.resend(caller, params.id, params.deliveryId),
});

export const webhookSellerOperations = [
  sellerTestWebhook,
  sellerListWebhookDeliveries,
  sellerResendWebhookDelivery,

  sellerCreateWebhook,
  sellerListWebhooks,
  sellerGetWebhook,
  sellerChangeWebhook,
  sellerDeleteWebhook,
  sellerRollWebhookSecret,
];
