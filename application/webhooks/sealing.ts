import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Endpoint secrets must sign, so a digest will not do: they are sealed with AES-256-GCM under a key
 * derived from the server's webhook secret, and only sealed text reaches the log and read models.
 */
const keyOf = (serverSecret: string): Buffer => createHash('sha256').update(`webhook-secrets:${serverSecret}`).digest();

export function sealSecret(serverSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The secret, or null when it was sealed under another server secret (or tampered with). */
export function openSecret(serverSecret: string, sealed: string): string | null {
  if (!sealed.startsWith('v1.')) return null;
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 random bytes. */
export const newEndpointSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;
