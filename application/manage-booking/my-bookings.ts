import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import { type BookingDoc, type BookingView, bookingView } from '../booking';
import type { StorefrontContext } from '../platform/context';
import { type Page, pageAnswer, pageOf } from '../platform/cursor';
import type { Platform } from '../platform/platform';
import { BOOKINGS } from '../../projections/bookings/doc';
import { requireTraveller } from '../traveller-account';

/**
 * Spec 4.6: the signed-in traveller's bookings on this storefront (those whose lead email is the
 * session's), newest start first. A checkout still being placed is not a booking yet.
 */
export async function myBookings(
  deps: Pick<Platform, 'docs'>,
  ctx: StorefrontContext,
  cursor: string | undefined,
  limit: number,
): Promise<Page<BookingView> | Refusal> {
  const traveller = requireTraveller(ctx);
  if (isRefusal(traveller)) return traveller;
  const page = pageOf('me-bookings', cursor, limit);
  if (isRefusal(page)) return page;
  const filter = { storefront_id: ctx.storefront._id, lead_email: traveller.email, status: { $ne: 'placed' } };
  const bookings = deps.docs.collection<BookingDoc>(BOOKINGS);
  const [docs, total] = await Promise.all([
    bookings.find(filter, { sort: { start: -1, _id: 1 }, skip: page.offset, limit: page.limit }),
    bookings.countDocuments(filter),
  ]);
  return pageAnswer(
    page,
    docs.map((doc) => bookingView(doc)),
    total,
  );
}
