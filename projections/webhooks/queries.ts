import type { DocumentStore } from '../../application/platform/ports/document-store';
import { WEBHOOK_ENDPOINTS, type WebhookEndpointDoc } from './doc';

export type { WebhookEndpointDoc } from './doc';

/** Lookups in the webhook endpoints read model. */
export class WebhookReads {
  constructor(private readonly docs: DocumentStore) {}

  private get endpoints() {
    return this.docs.collection<WebhookEndpointDoc>(WEBHOOK_ENDPOINTS);
  }

  /** A seller's endpoints, oldest first. */
  ofSeller(sellerId: string): Promise<Readonly<WebhookEndpointDoc>[]> {
    return this.endpoints.find({ seller_id: sellerId, deleted: false }, { sort: { created_at: 1, _id: 1 } });
  }

  /** Ids of every endpoint deliveries are sent to now. */
  async enabledIds(): Promise<string[]> {
    return (await this.endpoints.find({ enabled: true, deleted: false })).map((e) => e._id);
  }

  /** The endpoint when it is this seller's and not deleted; null otherwise. */
  async endpoint(sellerId: string, id: string): Promise<Readonly<WebhookEndpointDoc> | null> {
    const doc = await this.endpoints.findOne({ _id: id });
    return doc && doc.seller_id === sellerId && !doc.deleted ? doc : null;
  }
}
