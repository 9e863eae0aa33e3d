import type { Doc } from '../../application/platform/ports/document-store';

/** The webhook deliveries read model: one document per event and endpoint, with its attempts. */
export const WEBHOOK_DELIVERIES = 'webhook_deliveries';

export interface DeliveryAttemptEntry {
  attempt: number;
  at: string;
  status: number | null;
  error: string | null;
  succeeded: boolean;
}

export interface WebhookDeliveryDoc extends Doc {
  endpoint_id: string;
  seller_id: string;
  event_id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
  /** pending: an attempt is due at next_attempt_at; succeeded; failed: every retry failed. */
  status: 'pending' | 'succeeded' | 'failed';
  /** By attempt number (an object, so a replayed event sets the same key). */
  attempts: Record<string, DeliveryAttemptEntry>;
  next_attempt_at: string | null;
  /** The log position it was scheduled at: deliveries to one endpoint go in this order. */
  position: number;
}
