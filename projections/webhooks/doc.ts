import type { Doc } from '../../application/platform/ports/document-store';
import type { SealedSecret } from '../../domain/webhook';

/** The webhook endpoints read model: one document per endpoint of a seller. */
export const WEBHOOK_ENDPOINTS = 'webhook_endpoints';

export interface WebhookEndpointDoc extends Doc {
  seller_id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  /** Deleted endpoints stay, so deliveries to them can still be listed by the job that drops them. */
  deleted: boolean;
  /** Sealed under the server's webhook key, never in plain text: the current one first. */
  secrets: SealedSecret[];
  created_at: string;
  updated_at: string;
}
