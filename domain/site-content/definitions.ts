/**
 * A storefront's site content as the seller interface writes it (snake_case: these shapes are the
 * request bodies of the content endpoints): pages, menus, marketplace collections, home placement
 * and the site's paths. Trips are named by id, pages by id, so a slug change moves nothing.
 */

export interface Photo {
  url: string;
  alt: string;
}

/** One block of a page, by `type`; clients skip types they do not know (spec 2.9). */
export type SectionDefinition =
  | { type: 'hero'; title: string; subtitle: string | null; image: Photo | null }
  | { type: 'text'; body: string }
  | { type: 'trips'; heading: string; trip_ids: string[] }
  | { type: 'photo'; photo: Photo; caption: string | null }
  | { type: 'faq'; questions: { question: string; answer: string }[] }
  | { type: 'cta'; label: string; href: string };

export type SectionType = SectionDefinition['type'];
export const SECTION_TYPES: readonly SectionType[] = ['hero', 'text', 'trips', 'photo', 'faq', 'cta'];

export interface PageSeo {
  /** null: the page's title. */
  meta_title: string | null;
  meta_description: string | null;
  /** null: the page's own path on the site. */
  canonical_url: string | null;
  noindex: boolean;
}

/** The page in one language: a page is published in every language it has content for. */
export interface PageContent {
  title: string;
  sections: SectionDefinition[];
  seo: PageSeo;
}

/** What a page slug looks like: lowercase words and hyphens, parts separated by slashes. */
export const PAGE_SLUG_PATTERN = '^[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)*$';

export interface PageDefinition {
  /** Lowercase words joined by hyphens, parts separated by slashes (help/cancellations); `home` is the home page. */
  slug: string;
  content: Record<string, PageContent>;
}

/** Where a menu entry goes: one of the site's pages, one of its trips, or an address. */
export type MenuLink = { page: string } | { trip: string } | { href: string };

export interface MenuLinkDefinition {
  /** By language; the storefront's default language is required. */
  label: Record<string, string>;
  link: MenuLink;
}

export interface MenuItemDefinition extends MenuLinkDefinition {
  children: MenuLinkDefinition[];
}

export type MenuLocation = 'header' | 'footer';
export const MENU_LOCATIONS: readonly MenuLocation[] = ['header', 'footer'];

/** A marketplace's collection: a named, ordered set of trips (a home rail or a list page). */
export interface CollectionDefinition {
  slug: string;
  /** By language; the storefront's default language is required. */
  name: Record<string, string>;
  trip_ids: string[];
}

/** What a marketplace's home shows: trips first in this order, trips left out, collections shown as rails. */
export interface HomePlacement {
  featured: string[];
  hidden: string[];
  rails: number;
}

export const DEFAULT_HOME: HomePlacement = { featured: [], hidden: [], rails: 3 };

/**
 * Where trips and pages live on the site, as patterns with {slug} (and, for trips, {seller}):
 * the storefront owns its addresses; we use them for menu links, canonical paths and redirects.
 */
export interface SitePaths {
  trip: string;
  page: string;
}

export function defaultPaths(kind: 'direct' | 'marketplace'): SitePaths {
  // On a marketplace two sellers may use the same trip slug: the seller's slug tells them apart.
  return { trip: kind === 'marketplace' ? '/trips/{seller}/{slug}' : '/trips/{slug}', page: '/{slug}' };
}

/** The slug of the page that is the site's home, at `/`. */
export const HOME_SLUG = 'home';
