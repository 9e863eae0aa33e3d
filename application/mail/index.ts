import { openTokens, placedBooking } from '../booking';
import { CatalogReads } from '../../projections/catalog/queries';
import type { Platform } from '../platform/platform';
import type { Mailer } from '../platform/ports/mailer';
import { composeMail, manageBookingAddress } from './compose';

export { composeMail, escapeHtml, manageBookingAddress } from './compose';

/**
 * Every mail passes here on its way out: one about a booking (`booking.ref`) gets the link to
 * manage it, with the booking token opened from its BookingPlaced event, and every mail an HTML
 * part beside its text. A booking whose tokens cannot be opened (placed before they were sealed,
 * or under another sealing key) is linked by its ref alone, where the page can sign the traveller in.
 */
export function composingMailer(deps: Pick<Platform, 'commands' | 'docs' | 'settings'>, delivery: Mailer): Mailer {
  const catalog = new CatalogReads(deps.docs);
  const manageLink = async (ref: string): Promise<string | null> => {
    const booking = await placedBooking(deps, ref);
    if (!booking) return null;
    const storefront = await catalog.storefront(booking.placed.storefrontId);
    if (!storefront) return null;
    const tokens = openTokens(deps.settings.tokenSealingKey, booking.placed);
    return manageBookingAddress(storefront, ref, tokens?.bookingToken ?? null);
  };
  return {
    async send(mail, options) {
      const link = mail.booking ? await manageLink(mail.booking.ref) : null;
      await delivery.send(composeMail(mail, link), options);
    },
  };
}
