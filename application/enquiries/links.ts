import { createHmac } from 'node:crypto';
import type { Settings } from '../platform/platform';
import { secretMatches } from '../platform/secrets';

/**
 * An offer's link token: HMAC-SHA256 of the offer id under the server secret (256 bits). Only its
 * digest is kept, yet the service can mint it again for the mail reactor and for the traveller's
 * own list, so no token is ever stored, encrypted or not.
 */
export function offerLinkToken(settings: Pick<Settings, 'offerLinkSecret'>, offerId: string): string {
  return `ot_${createHmac('sha256', settings.offerLinkSecret).update(`offer:${offerId}`).digest('base64url')}`;
}

/** The link token of an offer as minted now, when it still opens the offer (the key may have changed since). */
export function currentLinkToken(settings: Pick<Settings, 'offerLinkSecret'>, offerId: string, tokenHash: string): string | null {
  const token = offerLinkToken(settings, offerId);
  return secretMatches(token, tokenHash) ? token : null;
}

/**
 * What a storefront says about its offer page: `offer_url`, a path on the site (joined to its first
 * allowed origin) or an address, where {offer_id} stands for the offer's id (else it is added as
 * the offer_id parameter). Absent or null: /offers/{offer_id}.
 */
export interface OfferPageSite {
  allowed_origins: string[];
  offer_url?: string | null;
}

const DEFAULT_OFFER_PAGE = '/offers/{offer_id}';

/** The address of an offer's page with its id and link token (as `token`, like the manage page's sign-in links). */
export function offerPageLink(site: OfferPageSite, offerId: string, token: string): string {
  const page = site.offer_url ?? DEFAULT_OFFER_PAGE;
  const address = page.startsWith('/') ? `${site.allowed_origins[0] ?? ''}${page}` : page;
  const id = encodeURIComponent(offerId);
  const withId = address.includes('{offer_id}') ? address.replace('{offer_id}', id) : `${address}${address.includes('?') ? '&' : '?'}offer_id=${id}`;
  return `${withId}${withId.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
