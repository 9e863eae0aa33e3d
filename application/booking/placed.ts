import { BookingPlacedData, bookingDecider, bookingStream } from '../../domain/booking';
import { CatalogReads } from '../../projections/catalog/queries';
import type { Platform } from '../platform/platform';

/** A booking as placed, with the start it is for now and its trip's title in the booking's language: what the traveller's mails tell. */
export async function placedBooking(
  deps: Pick<Platform, 'commands' | 'docs'>,
  ref: string,
): Promise<{ placed: BookingPlacedData; start: string; title: string } | null> {
  const { state } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (state.status === 'none') return null;
  const placed = state.placed;
  const product = await new CatalogReads(deps.docs).product(placed.productId);
  return { placed, start: state.start, title: product?.definition.content[placed.locale ?? '']?.title ?? placed.trip.title };
}
