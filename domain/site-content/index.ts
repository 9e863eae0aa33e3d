import { Decider } from '../shared/decider';
import { SiteContentCommand, decideSiteContent } from './decide';
import { SiteContent, SiteContentEvent, evolveSiteContent, initialSiteContent } from './events';

export * from './definitions';
export * from './events';
export * from './decide';
export * from './paths';
export * from './rules';

/**
 * A storefront's site content: pages, menus, collections, home placement and paths. One stream per
 * storefront, apart from the storefront's own (definition and website keys, which the platform
 * writes): content changes often, by the site's operator, and its one invariant across pages (a
 * slug names one page) is kept inside this stream.
 */
export const siteContentDecider: Decider<SiteContentCommand, SiteContentEvent, SiteContent> = {
  initialState: initialSiteContent,
  evolve: evolveSiteContent,
  decide: decideSiteContent,
};

export const siteContentStream = (storefrontId: string): string => `site-content-${storefrontId}`;
