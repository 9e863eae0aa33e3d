import type { BookingPlacedData } from '../../domain/booking';
import { seal, unseal } from '../platform/sealing';

const PURPOSE = 'booking-tokens';

export interface BookingTokens {
  bookingToken: string;
  contactToken: string;
}

interface Sealed {
  booking_token: string;
  contact_token: string;
  /** The digest of the Idempotency-Key the checkout came under (its command id), or null without one. */
  key: string | null;
}

/** A checkout's tokens sealed for its booking, with the key it came under: what BookingPlaced keeps of them. */
export function sealTokens(sealingKey: string, ref: string, tokens: BookingTokens, keyDigest: string | null): string {
  const plain: Sealed = { booking_token: tokens.bookingToken, contact_token: tokens.contactToken, key: keyDigest };
  return seal(sealingKey, PURPOSE, ref, JSON.stringify(plain));
}

/**
 * The tokens a booking was placed with and the digest of the key it came under; null for a
 * booking placed before they were sealed, or sealed under another key (a server secret that
 * changed, or an instance that drew its own).
 */
export function openTokens(sealingKey: string, placed: Pick<BookingPlacedData, 'ref' | 'sealedTokens'>): (BookingTokens & { keyDigest: string | null }) | null {
  if (!placed.sealedTokens) return null;
  const plain = unseal(sealingKey, PURPOSE, placed.ref, placed.sealedTokens);
  if (plain === null) return null;
  const opened = JSON.parse(plain) as Sealed;
  return { bookingToken: opened.booking_token, contactToken: opened.contact_token, keyDigest: opened.key };
}
