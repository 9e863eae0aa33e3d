import { createHash, randomFillSync, timingSafeEqual } from 'node:crypto';

/**
 * Random bytes from the system's CSPRNG, drawn 4 KiB at a time: a request takes a few for a
 * ref or a token, and one draw per request costs more than the bytes (Node's randomUUID caches
 * the same way). Each byte is handed out once.
 */
const pool = Buffer.alloc(4096);
let drawn = pool.length;

function randomBytes(size: number): Buffer {
  if (size > pool.length) return randomFillSync(Buffer.alloc(size));
  if (drawn + size > pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  const bytes = Buffer.from(pool.subarray(drawn, drawn + size));
  drawn += size;
  return bytes;
}

/** Keys and tokens are only ever stored as this digest. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** 192 random bits, URL-safe. */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(24).toString('base64url');
}

/** Constant-time check of a presented secret against a stored digest. */
export function secretMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(secretHash(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** TP-XXXX-XXXX from 40 random bits (no 0/O or 1/I to misread). */
export function newBookingRef(): string {
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => REF_ALPHABET[b % REF_ALPHABET.length]);
  return `TP-${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}`;
}

/** A UUID derived from a name, so that a repeated command yields the same event id. */
export function uuidFromName(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
