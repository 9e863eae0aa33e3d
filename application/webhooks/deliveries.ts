import { TEST_EVENT_TYPE, webhookDeliveryDecider, webhookDeliveryStream } from '../../domain/webhook';
import { isRefusal, notFound, type Refusal } from '../../domain/shared/refusal';
import { WebhookDeliveryReads, type WebhookDeliveryDoc } from '../../projections/webhooks/deliveries-queries';
import type { Platform } from '../platform/platform';
import type { WebhookPlatform } from './endpoints';
import { scheduleDeliveries } from './schedule';
import type { WebhookCaller } from './types';

/** Deliveries are listed for 30 days. */
export const DELIVERIES_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export type DeliveryPlatform = WebhookPlatform & Pick<Platform, 'docs'> & { deliveries: WebhookDeliveryReads };

export interface DeliveryView {
  id: string;
  event_id: string;
  type: string;
  created_at: string;
  status: WebhookDeliveryDoc['status'];
  next_attempt_at: string | null;
  attempts: { attempt: number; at: string; status: number | null; error: string | null; succeeded: boolean }[];
}

const deliveryView = (doc: Readonly<WebhookDeliveryDoc>): DeliveryView => ({
  id: doc._id,
  event_id: doc.event_id,
  type: doc.type,
  created_at: doc.created_at,
  status: doc.status,
  next_attempt_at: doc.next_attempt_at,
  attempts: Object.values(doc.attempts).sort((a, b) => a.attempt - b.attempt),
});

/** Sends a `webhook.test` event to this endpoint alone, whatever it subscribes to; delivered by the job as any other. */
export async function sendTestEvent(deps: DeliveryPlatform, caller: WebhookCaller, endpointId: string): Promise<DeliveryView | Refusal> {
  const endpoint = await deps.webhooks.endpoint(caller.sellerId, endpointId);
  if (!endpoint) return notFound('webhook');
  const now = deps.clock.now();
  const eventId = `evt_${deps.ids.uuid()}`;
  const data = { endpoint_id: endpointId, message: 'A test event sent from the seller interface' };
  const [id] = await scheduleDeliveries(deps, { sellerId: caller.sellerId, eventId, type: TEST_EVENT_TYPE, createdAt: now.toISOString(), data }, endpointId);
  const { position } = await deps.commands.load(webhookDeliveryStream(id), webhookDeliveryDecider);
  await deps.awaitProjections(position);
  const doc = await deps.deliveries.delivery(endpointId, id);
  return doc ? deliveryView(doc) : notFound('delivery');
}

export async function listDeliveries(
  deps: DeliveryPlatform,
  caller: WebhookCaller,
  endpointId: string,
  limit: number,
): Promise<{ data: DeliveryView[] } | Refusal> {
  if (!(await deps.webhooks.endpoint(caller.sellerId, endpointId))) return notFound('webhook');
  const since = new Date(deps.clock.now().getTime() - DELIVERIES_KEPT_MS);
  return { data: (await deps.deliveries.ofEndpoint(endpointId, since, limit)).map(deliveryView) };
}

/** Sends a delivery again: due at once, with the same event id, whatever became of it. */
export async function resendDelivery(deps: DeliveryPlatform, caller: WebhookCaller, endpointId: string, id: string): Promise<DeliveryView | Refusal> {
  if (!(await deps.webhooks.endpoint(caller.sellerId, endpointId)) || !(await deps.deliveries.delivery(endpointId, id))) return notFound('delivery');
  const now = deps.clock.now();
  const done = await deps.commands.handle(
    webhookDeliveryStream(id),
    webhookDeliveryDecider,
    { type: 'ResendDelivery', sellerId: caller.sellerId, now },
    {
      correlationId: caller.correlationId,
      causationId: caller.correlationId,
      at: now.toISOString(),
    },
  );
  if (isRefusal(done)) return done;
  await deps.awaitProjections(done.position);
  const doc = await deps.deliveries.delivery(endpointId, id);
  return doc ? deliveryView(doc) : notFound('delivery');
}
