import { createHmac } from 'node:crypto';

/** The Standard Webhooks body of an event. */
export function webhookBody(eventId: string, type: string, createdAt: string, data: Record<string, unknown>): string {
  return JSON.stringify({ id: eventId, type, created_at: createdAt, data });
}

/**
 * Standard Webhooks signature headers (with the Service- prefix): HMAC-SHA256 in base64 over
 * `{id}.{timestamp}.{body}` with each secret's bytes (base64 after `whsec_`), space-separated.
 */
export function signatureHeaders(eventId: string, timestamp: number, body: string, secrets: readonly string[]): Record<string, string> {
  const signed = `${eventId}.${timestamp}.${body}`;
  const signatures = secrets.map(
    (secret) =>
      `v1,${createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
        .update(signed)
        .digest('base64')}`,
  );
  return { 'Service-Event-Id': eventId, 'Service-Timestamp': String(timestamp), 'Service-Signature': signatures.join(' ') };
}
