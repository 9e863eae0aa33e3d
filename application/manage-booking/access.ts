import { bookingAccess, type BookingAction } from '../../domain/booking/access';
import { normaliseEmail } from '../../domain/shared/email';
import { type Refusal, notFound } from '../../domain/shared/refusal';
import type { BookingDoc } from '../booking';
import type { StorefrontContext } from '../platform/context';
import type { DocumentStore } from '../platform/ports/document-store';
import { secretHash, secretMatches } from '../platform/secrets';
import { BOOKINGS } from '../../projections/bookings/doc';

/** What a request presents to open a booking: the booking token or the lead's email (query parameters); the session comes with the caller. */
export interface Proof {
  token?: string;
  email?: string;
}

/**
 * The booking when the request's proof opens it for `action`; a wrong proof answers exactly like a
 * missing booking. The traveller's session (spec 5.6) opens the bookings whose lead email is the
 * session's: the session is of this storefront, as the booking must be.
 */
export async function openBooking(
  deps: { docs: DocumentStore },
  ctx: StorefrontContext,
  ref: string,
  proof: Proof,
  action: BookingAction,
): Promise<Readonly<BookingDoc> | Refusal> {
  const doc = await deps.docs.collection<BookingDoc>(BOOKINGS).findOne({ _id: ref });
  if (!doc || doc.storefront_id !== ctx.storefront._id || doc.status === 'placed') return notFound('booking');
  const refused = bookingAccess(action, {
    token: proof.token === undefined ? undefined : secretMatches(proof.token, doc.booking_token_hash),
    email: proof.email === undefined ? undefined : secretMatches(normaliseEmail(proof.email), secretHash(doc.lead_email)),
    session: ctx.traveller === undefined ? undefined : ctx.traveller.email === doc.lead_email,
  });
  return refused ?? doc;
}
