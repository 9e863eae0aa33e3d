import { defineProjector, type Write } from '../../application/platform/processing/projector';
import type { WebhookEvent } from '../../domain/webhook';
import { WEBHOOK_ENDPOINTS, type WebhookEndpointDoc } from './doc';

const setEndpoint = (id: string, fields: Record<string, unknown>): Write => ({
  collection: WEBHOOK_ENDPOINTS,
  updateOne: { filter: { _id: id }, update: { $set: fields } },
});

/** Webhook endpoints as their sellers list them and the delivery reactor and job find them. */
export const webhooksProjector = defineProjector<WebhookEvent>(
  'webhooks',
  { [WEBHOOK_ENDPOINTS]: [{ seller_id: 1 }, { deleted: 1 }] },
  {
    WebhookEndpointRegistered: (e) => {
      const d = e.data;
      const doc: WebhookEndpointDoc = {
        _id: d.endpointId,
        seller_id: d.sellerId,
        url: d.url,
        events: d.events,
        description: d.description,
        enabled: true,
        deleted: false,
        secrets: [{ sealed: d.secret, expiresAt: null }],
        created_at: d.at,
        updated_at: d.at,
      };
      return [{ collection: WEBHOOK_ENDPOINTS, replaceOne: { filter: { _id: d.endpointId }, doc, upsert: true } }];
    },
    WebhookEndpointChanged: (e) => {
      const { endpointId, at, ...changes } = e.data;
      return [setEndpoint(endpointId, { ...changes, updated_at: at })];
    },
    WebhookSecretRolled: (e) => [setEndpoint(e.data.endpointId, { secrets: e.data.secrets, updated_at: e.data.at })],
    WebhookEndpointTurnedOff: (e) => [setEndpoint(e.data.endpointId, { enabled: false, updated_at: e.data.at })],
    WebhookEndpointDeleted: (e) => [setEndpoint(e.data.endpointId, { deleted: true, enabled: false, updated_at: e.data.at })],
  },
);
