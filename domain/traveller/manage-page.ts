import type { StorefrontDefinition } from '../catalog/definitions';

/** A storefront's manage page when it names none (spec 4.6: sign-in belongs to that page's site). */
export const DEFAULT_MANAGE_PATH = '/manage';

/**
 * The address a sign-in link leads to: the storefront's manage page with the token. A page given
 * as a path is on the site, whose address is its first allowed origin.
 */
export function signInLinkAddress(storefront: Pick<StorefrontDefinition, 'manage_url' | 'allowed_origins'>, token: string): string {
  const page = storefront.manage_url ?? DEFAULT_MANAGE_PATH;
  const address = page.startsWith('/') ? `${storefront.allowed_origins[0] ?? ''}${page}` : page;
  return `${address}${address.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
