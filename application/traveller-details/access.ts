import { type Refusal, isRefusal, notFound, refuse } from '../../domain/shared/refusal';
import { travellerDetailsDecider, travellerDetailsStream } from '../../domain/traveller-details';
import type { BookingDoc } from '../booking';
import { openBooking, type Proof } from '../manage-booking';
import type { StorefrontContext } from '../platform/context';
import type { Platform } from '../platform/platform';
import { secretMatches } from '../platform/secrets';
import { BOOKINGS } from '../../projections/bookings/doc';

/** A booking's proofs (spec 4.5), or the `traveller_token` of a link the lead forwarded to one traveller. */
export interface TravellersProof extends Proof {
  traveller_token?: string;
}

/** The booking a request opened, and the one position it may see and fill in when it came with a traveller's link (null: every position). */
export interface OpenedTravellers {
  doc: Readonly<BookingDoc>;
  only: number | null;
}

export type AccessDeps = Pick<Platform, 'docs' | 'commands' | 'clock'>;

/**
 * Opens a booking's traveller details. The booking token or the owner's session opens every
 * traveller to read and change; the lead's email only to read. Otherwise a traveller's link opens
 * its own position until it expires. Anything wrong answers like a missing booking.
 */
export async function openTravellers(
  deps: AccessDeps,
  ctx: StorefrontContext,
  ref: string,
  proof: TravellersProof,
  action: 'read' | 'change',
): Promise<OpenedTravellers | Refusal> {
  const bookingProof = proof.token !== undefined || proof.email !== undefined || ctx.traveller !== undefined;
  let refused: Refusal = notFound('booking');
  if (bookingProof || proof.traveller_token === undefined) {
    // Changing needs what cancelling needs: the booking token or the owner's session.
    const opened = await openBooking(deps, ctx, ref, { token: proof.token, email: proof.email }, action === 'read' ? 'read' : 'cancel');
    if (!isRefusal(opened)) return { doc: opened, only: null };
    refused =
      opened.code === 'Unauthenticated'
        ? refuse('Unauthenticated', "the lead's email reads the traveller details but cannot change them: send the booking token")
        : opened;
    if (proof.traveller_token === undefined) return refused;
  }
  const position = await linkedPosition(deps, ctx, ref, proof.traveller_token);
  return position === null ? refused : position;
}

/** The booking and position a traveller's link opens; null when the token names none of its open links. */
async function linkedPosition(deps: AccessDeps, ctx: StorefrontContext, ref: string, token: string): Promise<OpenedTravellers | null> {
  const doc = await deps.docs.collection<BookingDoc>(BOOKINGS).findOne({ _id: ref });
  if (!doc || doc.storefront_id !== ctx.storefront._id || doc.status === 'placed') return null;
  const { state } = await deps.commands.load(travellerDetailsStream(ref), travellerDetailsDecider);
  const now = deps.clock.now().getTime();
  // Every open link is compared, in constant time each, so the answer's time does not tell which position matched.
  const matching = Object.entries(state.links).filter(([, link]) => secretMatches(token, link.linkTokenHash) && Date.parse(link.expiresAt) > now);
  return matching.length === 1 ? { doc, only: Number(matching[0][0]) } : null;
}
