import {
  CollectionDefinition,
  HomePlacement,
  MenuItemDefinition,
  MenuLinkDefinition,
  PageContent,
  SectionDefinition,
  SitePaths,
  pagePath,
} from '../../domain/site-content';
import type { PageDoc } from '../../projections/content/queries';
import type { StorefrontDoc } from '../platform/context';

/** The language to answer in: the asked one when there is text in it, else the storefront's default, else the first there is. */
export function languageOf(byLanguage: Record<string, unknown>, locale: string | undefined, storefront: Readonly<StorefrontDoc>): string {
  if (locale && byLanguage[locale] !== undefined) return locale;
  if (byLanguage[storefront.default_language] !== undefined) return storefront.default_language;
  return Object.keys(byLanguage).sort()[0];
}

export const localesOf = (byLanguage: Record<string, unknown>): string[] => Object.keys(byLanguage).sort();

/** A trip card as the catalog answers it in lists (spec 2.3). */
export type Card = Record<string, unknown>;

function publicSection(section: SectionDefinition, cards: ReadonlyMap<string, Card>) {
  if (section.type !== 'trips') return section;
  // Trips no longer on sale here are dropped; the rest keep the seller's order.
  return { type: section.type, heading: section.heading, trips: section.trip_ids.flatMap((id) => cards.get(id) ?? []) };
}

/** The page in one language (spec 2.9), with the trips of its trips sections as cards. */
export function pageView(page: Readonly<PageDoc>, locale: string, paths: SitePaths, cards: ReadonlyMap<string, Card>) {
  const content: PageContent = page.definition.content[locale];
  const path = pagePath(paths, page.slug);
  return {
    id: page._id,
    slug: page.slug,
    path,
    locale,
    locales: localesOf(page.definition.content),
    title: content.title,
    sections: content.sections.map((s) => publicSection(s, cards)),
    seo: {
      meta_title: content.seo.meta_title ?? content.title,
      meta_description: content.seo.meta_description,
      canonical_url: content.seo.canonical_url ?? path,
      noindex: content.seo.noindex,
    },
    updated_at: page.updated_at,
  };
}

/** A page as its operator sees it: the whole definition and its state. */
export function sellerPageView(page: Readonly<PageDoc>, paths: SitePaths) {
  return {
    id: page._id,
    storefront_id: page.storefront_id,
    published: page.published,
    path: pagePath(paths, page.slug),
    created_at: page.created_at,
    updated_at: page.updated_at,
    ...page.definition,
  };
}

export type SellerPageView = ReturnType<typeof sellerPageView>;

export interface SellerMenuView {
  location: 'header' | 'footer';
  items: MenuItemDefinition[];
}

/** The label in the asked language, else the default's (which every menu entry has). */
export const labelOf = (entry: MenuLinkDefinition, locale: string | undefined, storefront: Readonly<StorefrontDoc>): string =>
  entry.label[languageOf(entry.label, locale, storefront)];

export interface SellerCollectionsView {
  collections: CollectionDefinition[];
}

export type SellerHomeView = HomePlacement;
