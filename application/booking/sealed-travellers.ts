import type { BookingPlacedData } from '../../domain/booking';
import { isSensitiveField } from '../../domain/traveller-details';
import { seal, unseal } from '../platform/sealing';

/**
 * Identity numbers travellers give (passport and the like) never reach the event log readable:
 * they are sealed (AES-256-GCM) under the server's sealing key, bound to the booking (and the
 * traveller's position), and opened only for the seller's view and the traveller's masked view.
 * Events written before keep them in plain text and read as they were. Sealed under another key
 * (a server secret that changed), they cannot be opened and read as not given.
 */
const PURPOSE = 'traveller-details';

type Details = Record<string, unknown>;

function split<T extends Details>(details: T): { open: T; sensitive: T | null } {
  const open: Details = {};
  const sensitive: Details = {};
  for (const [field, value] of Object.entries(details)) (isSensitiveField(field) ? sensitive : open)[field] = value;
  return { open: open as T, sensitive: Object.keys(sensitive).length > 0 ? (sensitive as T) : null };
}

function opened<T>(sealingKey: string, context: string, sealed: string | undefined): T | null {
  if (!sealed) return null;
  const plain = unseal(sealingKey, PURPOSE, context, sealed);
  return plain === null ? null : (JSON.parse(plain) as T);
}

/** One traveller's details as kept at rest under `context`: what may be read, and the identity numbers sealed apart (absent when none). */
export function sealSensitive<T extends Details>(sealingKey: string, context: string, details: T): { details: T; sealed?: string } {
  const { open, sensitive } = split(details);
  return sensitive ? { details: open, sealed: seal(sealingKey, PURPOSE, context, JSON.stringify(sensitive)) } : { details };
}

/** One traveller's details as given: what was kept readable and what was sealed under `context`. */
export function openSensitive<T extends Details>(sealingKey: string, context: string, details: T, sealed: string | undefined): T {
  const sensitive = opened<T>(sealingKey, context, sealed);
  return sensitive ? { ...details, ...sensitive } : details;
}

const checkoutContext = (ref: string): string => `${ref}#checkout`;

/** The checkout's travellers as BookingPlaced keeps them: their identity numbers sealed together, in the travellers' order. */
export function sealCheckoutTravellers(sealingKey: string, ref: string, travellers: Details[]): Pick<BookingPlacedData, 'travellers' | 'sealedTravellers'> {
  const parts = travellers.map((t) => split(t));
  if (parts.every((p) => p.sensitive === null)) return { travellers };
  const sensitive = parts.map((p) => p.sensitive ?? {});
  return { travellers: parts.map((p) => p.open), sealedTravellers: seal(sealingKey, PURPOSE, checkoutContext(ref), JSON.stringify(sensitive)) };
}

/** The checkout's travellers as given (lead first), identity numbers opened. */
export function checkoutTravellers(sealingKey: string, placed: Pick<BookingPlacedData, 'ref' | 'travellers' | 'sealedTravellers'>): Details[] {
  const sensitive = opened<Details[]>(sealingKey, checkoutContext(placed.ref), placed.sealedTravellers);
  return sensitive ? placed.travellers.map((t, i) => ({ ...t, ...(sensitive[i] ?? {}) })) : [...placed.travellers];
}
