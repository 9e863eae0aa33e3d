import { type Booking, bookingDecider, bookingStream } from '../../domain/booking';
import { type Refusal, notFound } from '../../domain/shared/refusal';
import type { StorefrontContext } from '../platform/context';
import type { Platform } from '../platform/platform';
import { secretMatches } from '../platform/secrets';

const BOOKING_REF = /^TP-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

export type ContactBooking = Extract<Booking, { placed: unknown }>;

/**
 * The booking when every contact_token presented (query `token`, body `token`) is its own, read
 * from its stream so a change asked for right after checkout finds it. No token, a wrong one, or a
 * booking of another storefront answers exactly like a booking that does not exist.
 */
export async function openWithContactToken(
  deps: Pick<Platform, 'commands'>,
  ctx: StorefrontContext,
  ref: string,
  tokens: (string | undefined)[],
): Promise<ContactBooking | Refusal> {
  const presented = tokens.filter((t): t is string => t !== undefined);
  if (!BOOKING_REF.test(ref) || presented.length === 0) return notFound('booking');
  const { state } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (state.status === 'none' || state.status === 'placed' || state.placed.storefrontId !== ctx.storefront._id) return notFound('booking');
  const hash = state.placed.contactTokenHash;
  // Every token is checked, so the time taken does not tell which one was wrong.
  const matches = presented.map((token) => secretMatches(token, hash));
  return matches.every(Boolean) ? state : notFound('booking');
}
