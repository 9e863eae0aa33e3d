import { BookingPlacedData, bookingDecider, bookingStream } from '../../domain/booking';
import { contactChangeDecider, contactStream, currentContact } from '../../domain/contact-change';
import { CatalogReads } from '../../projections/catalog/queries';
import type { Platform } from '../platform/platform';

/**
 * A booking as placed, with the start it is for now, the lead's email and phone as the traveller
 * last fixed them (contact changes) and its trip's title in the booking's language: what the
 * traveller's mails tell, and where they go.
 */
export async function placedBooking(
  deps: Pick<Platform, 'commands' | 'docs'>,
  ref: string,
): Promise<{ placed: BookingPlacedData; start: string; title: string } | null> {
  const { state } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (state.status === 'none') return null;
  const contact = await deps.commands.load(contactStream(ref), contactChangeDecider);
  const placed = { ...state.placed, lead: currentContact(state.placed.lead, contact.state) };
  const product = await new CatalogReads(deps.docs).product(placed.productId);
  return { placed, start: state.start, title: product?.definition.content[placed.locale ?? '']?.title ?? placed.trip.title };
}
