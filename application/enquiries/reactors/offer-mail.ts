import { type EnquiryEvent, enquiryDecider } from '../../../domain/enquiry';
import { CatalogReads } from '../../../projections/catalog/queries';
import { defineReactor } from '../../platform/processing/reactor';
import { currentLinkToken, offerPageLink } from '../links';
import { offerMadeMail } from '../messages';

/**
 * The traveller's mail with an offer's link, sent once the offer is recorded; the event's id is the
 * mail's dedupe key. It is in the enquiry's language when the storefront speaks it, else in the
 * storefront's default, as the sign-in link's is. The link token is minted again from the offer id (links.ts), never read back.
 */
export const offerMailReactor = defineReactor<EnquiryEvent>('offer-mail', {
  OfferMade: async (event, platform) => {
    const { offerId, tokenHash } = event.data;
    const token = currentLinkToken(platform.settings, offerId, tokenHash);
    if (!token) {
      platform.log.error('offer link not sent: the link key changed since the offer was made', { offerId });
      return;
    }
    const { state } = await platform.commands.load(event.streamId, enquiryDecider);
    if (state.status !== 'received') return;
    const storefront = await new CatalogReads(platform.docs).storefront(state.received.storefrontId);
    if (!storefront) return;
    const { received } = state;
    const locale = received.locale !== null && storefront.languages.includes(received.locale) ? received.locale : storefront.default_language;
    const mail = offerMadeMail(received.email, locale, {
      reference: received.reference,
      trip: received.tripTitle ?? event.data.option,
      start: event.data.start,
      pax: event.data.quote.pax,
      total: event.data.quote.totals.grand_total,
      validUntil: event.data.validUntil,
      link: offerPageLink(storefront, offerId, token),
      note: event.data.note,
    });
    await platform.mailer.send(mail, { dedupeKey: event.id });
  },
});
