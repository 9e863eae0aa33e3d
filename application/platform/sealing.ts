import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * What must be read back but never stored readable (tokens a checkout answers again, secrets
 * that sign) is sealed with AES-256-GCM under a key derived from a server secret and a purpose,
 * so one secret can serve several purposes without one's sealed text opening as another's.
 * `context` is bound to the sealed text (GCM's additional data): text sealed for one booking
 * does not open for another.
 */
const keyOf = (serverSecret: string, purpose: string): Buffer => createHash('sha256').update(`${purpose}:${serverSecret}`).digest();

export function seal(serverSecret: string, purpose: string, context: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret, purpose), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The plain text, or null when sealed under another secret, purpose or context (or tampered with). */
export function unseal(serverSecret: string, purpose: string, context: string, sealed: string): string | null {
  if (!sealed.startsWith('v1.')) return null;
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  if (raw.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret, purpose), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
