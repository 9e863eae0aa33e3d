/**
 * The WebAuthn relying party of a storefront is the site travellers sign in on (spec 4.6: the
 * site of the page the seller set to manage a booking): the manage page's origin when it is an
 * address, else the storefront's first allowed origin. Its host is the rpID; passkeys answer from
 * that origin or any allowed origin on a subdomain of it. A site a browser runs no WebAuthn on
 * (neither https nor http://localhost), or none at all, offers no passkeys.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

function secureUrl(address: string): URL | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost') ? url : null;
}

/** What a storefront's definition says of its site (StorefrontDefinition's name, allowed_origins and manage_url). */
export interface StorefrontSite {
  name: string;
  allowed_origins: readonly string[];
  manage_url?: string | null;
}

export function relyingParty(storefront: StorefrontSite): RelyingParty | null {
  const page = storefront.manage_url ?? null;
  const siteAddress = page !== null && !page.startsWith('/') ? page : storefront.allowed_origins[0];
  const site = siteAddress === undefined ? null : secureUrl(siteAddress);
  if (site === null) return null;
  const id = site.hostname;
  const onSite = storefront.allowed_origins.filter((origin) => {
    const url = secureUrl(origin);
    return url !== null && (url.hostname === id || url.hostname.endsWith(`.${id}`));
  });
  return { id, name: storefront.name, origins: [...new Set([site.origin, ...onSite])] };
}
