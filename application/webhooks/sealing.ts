import { randomBytes } from 'node:crypto';
import { seal, unseal } from '../platform/sealing';

/**
 * Endpoint secrets must sign, so a digest will not do: they are sealed with AES-256-GCM under a key
 * derived from the server's webhook secret, and only sealed text reaches the log and read models.
 */
const PURPOSE = 'webhook-secrets';

export const sealSecret = (serverSecret: string, secret: string): string => seal(serverSecret, PURPOSE, '', secret);

/** The secret, or null when it was sealed under another server secret (or tampered with). */
export const openSecret = (serverSecret: string, sealed: string): string | null => unseal(serverSecret, PURPOSE, '', sealed);

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 random bytes. */
export const newEndpointSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;
