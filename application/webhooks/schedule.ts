import { subscribes, webhookDeliveryDecider, webhookDeliveryStream } from '../../domain/webhook';
import { WebhookReads } from '../../projections/webhooks/queries';
import type { Platform } from '../platform/platform';
import { uuidFromName } from '../platform/secrets';

/** A webhook event of a seller: what every endpoint subscribed to its type is sent. */
export interface WebhookEventOut {
  sellerId: string;
  eventId: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/** One delivery per endpoint and event, its id derived from both so a repeat schedules nothing more. */
export const deliveryId = (endpointId: string, eventId: string): string => uuidFromName(`webhook-delivery:${endpointId}:${eventId}`);

/** Schedules the event for every enabled endpoint of its seller subscribed to its type (or only `endpointId`, for a test event). */
export async function scheduleDeliveries(platform: Pick<Platform, 'commands' | 'docs'>, event: WebhookEventOut, endpointId?: string): Promise<string[]> {
  const endpoints = (await new WebhookReads(platform.docs).ofSeller(event.sellerId)).filter((e) =>
    endpointId ? e._id === endpointId : e.enabled && subscribes(e.events, event.type),
  );
  const ids: string[] = [];
  for (const endpoint of endpoints) {
    const id = deliveryId(endpoint._id, event.eventId);
    await platform.commands.handle(
      webhookDeliveryStream(id),
      webhookDeliveryDecider,
      { type: 'ScheduleDelivery', delivery: { deliveryId: id, endpointId: endpoint._id, ...event } },
      { causationId: event.eventId, at: event.createdAt },
    );
    ids.push(id);
  }
  return ids;
}
