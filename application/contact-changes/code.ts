import { createCipheriv, createDecipheriv, createHash, createHmac, randomInt, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A contact change's six-digit code. The confirmation checks a digest of it, HMAC-SHA256 under a
 * server secret and bound to the change id (six digits alone are a million guesses away from any
 * plain digest); the mail reactor, which runs after the request, opens a copy sealed with
 * AES-256-GCM under a key derived from the same secret. Neither is the code in plain text.
 */

/** Uniform over 000000 to 999999 (crypto randomInt draws without modulo bias). */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const codeHash = (secret: string, changeId: string, code: string): string =>
  createHmac('sha256', `contact-codes:${secret}`).update(`${changeId}:${code}`).digest('hex');

/** Constant-time check of a presented code against the change's digest. */
export function codeMatches(secret: string, changeId: string, presented: string, storedHash: string): boolean {
  const a = Buffer.from(codeHash(secret, changeId, presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const sealingKey = (secret: string): Buffer => createHash('sha256').update(`contact-codes-sealing:${secret}`).digest();

export function sealCode(secret: string, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The code, or null when it was sealed under another secret (or tampered with). */
export function openCode(secret: string, sealed: string): string | null {
  if (!sealed.startsWith('v1.')) return null;
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
