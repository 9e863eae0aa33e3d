import { defineProjector, type Write } from '../../application/platform/processing/projector';
import type { WebhookDeliveryEvent } from '../../domain/webhook';
import { WEBHOOK_DELIVERIES, type DeliveryAttemptEntry, type WebhookDeliveryDoc } from './deliveries-doc';

const setDelivery = (id: string, update: Record<string, unknown>): Write => ({ collection: WEBHOOK_DELIVERIES, updateOne: { filter: { _id: id }, update } });

/** Deliveries as the job finds the due ones and sellers list them. */
export const webhookDeliveriesProjector = defineProjector<WebhookDeliveryEvent>(
  'webhook-deliveries',
  { [WEBHOOK_DELIVERIES]: [{ endpoint_id: 1 }, { status: 1 }, { next_attempt_at: 1 }] },
  {
    WebhookDeliveryScheduled: (e) => {
      const d = e.data;
      const doc: WebhookDeliveryDoc = {
        _id: d.deliveryId,
        endpoint_id: d.endpointId,
        seller_id: d.sellerId,
        event_id: d.eventId,
        type: d.type,
        created_at: d.createdAt,
        data: d.data,
        status: 'pending',
        attempts: {},
        next_attempt_at: d.createdAt,
        position: e.position,
      };
      return [{ collection: WEBHOOK_DELIVERIES, replaceOne: { filter: { _id: d.deliveryId }, doc, upsert: true } }];
    },
    WebhookDeliveryAttempted: (e) => {
      const d = e.data;
      const entry: DeliveryAttemptEntry = { attempt: d.attempt, at: d.at, status: d.status, error: d.error, succeeded: d.succeeded };
      const status = d.succeeded ? 'succeeded' : d.nextAttemptAt === null ? 'failed' : 'pending';
      // Keyed by attempt number, so applying the event again writes the same entry.
      return [setDelivery(d.deliveryId, { $set: { [`attempts.${d.attempt}`]: entry, status, next_attempt_at: d.nextAttemptAt } })];
    },
    WebhookDeliveryResent: (e) => [setDelivery(e.data.deliveryId, { $set: { status: 'pending', next_attempt_at: e.data.at } })],
  },
);
