import type { DocumentStore } from '../../application/platform/ports/document-store';
import { WEBHOOK_DELIVERIES, type WebhookDeliveryDoc } from './deliveries-doc';

export type { WebhookDeliveryDoc, DeliveryAttemptEntry } from './deliveries-doc';

/** Lookups in the webhook deliveries read model. */
export class WebhookDeliveryReads {
  constructor(private readonly docs: DocumentStore) {}

  private get deliveries() {
    return this.docs.collection<WebhookDeliveryDoc>(WEBHOOK_DELIVERIES);
  }

  /** Deliveries to these endpoints due at `now`, in the order they were scheduled. */
  due(endpointIds: string[], now: Date, limit: number): Promise<Readonly<WebhookDeliveryDoc>[]> {
    const filter = { status: 'pending', endpoint_id: { $in: endpointIds }, next_attempt_at: { $lte: now.toISOString() } };
    return this.deliveries.find(filter, { sort: { position: 1 }, limit });
  }

  /** An endpoint's deliveries created since `since`, newest first. */
  ofEndpoint(endpointId: string, since: Date, limit: number): Promise<Readonly<WebhookDeliveryDoc>[]> {
    return this.deliveries.find({ endpoint_id: endpointId, created_at: { $gte: since.toISOString() } }, { sort: { position: -1 }, limit });
  }

  delivery(endpointId: string, id: string): Promise<Readonly<WebhookDeliveryDoc> | null> {
    return this.deliveries.findOne({ _id: id, endpoint_id: endpointId });
  }

  /** The newest successful attempt to an endpoint, and the first attempt of its deliveries still unsuccessful: how long it has been failing. */
  async failingSince(endpointId: string): Promise<string | null> {
    const all = await this.deliveries.find({ endpoint_id: endpointId }, { sort: { position: 1 } });
    const attempts = all.flatMap((d) => Object.values(d.attempts));
    const lastSuccess = attempts.filter((a) => a.succeeded).reduce<string>((m, a) => (a.at > m ? a.at : m), '');
    const failures = attempts.filter((a) => !a.succeeded && a.at > lastSuccess).map((a) => a.at);
    return failures.length === 0 ? null : failures.reduce((m, a) => (a < m ? a : m));
  }
}
