import type { StorefrontDefinition } from '../catalog/definitions';
import { DEFAULT_MANAGE_PATH } from '../traveller/manage-page';

/**
 * The address of a traveller's link: the storefront's manage page (a path on its first allowed
 * origin, or an address; /manage by default) with the booking's ref and the traveller's token.
 */
export function travellerLinkAddress(storefront: Pick<StorefrontDefinition, 'manage_url' | 'allowed_origins'>, ref: string, token: string): string {
  const page = storefront.manage_url ?? DEFAULT_MANAGE_PATH;
  const address = page.startsWith('/') ? `${storefront.allowed_origins[0] ?? ''}${page}` : page;
  return `${address}${address.includes('?') ? '&' : '?'}ref=${encodeURIComponent(ref)}&traveller_token=${encodeURIComponent(token)}`;
}
