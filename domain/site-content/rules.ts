import type { InputProblem } from '../shared/refusal';
import type { CollectionDefinition, HomePlacement, MenuItemDefinition, MenuLinkDefinition, PageDefinition, SitePaths } from './definitions';

/** What the content rules need to know of the storefront, read by the caller from the catalog. */
export interface SiteFacts {
  storefrontId: string;
  kind: 'direct' | 'marketplace';
  languages: string[];
  defaultLanguage: string;
}

/** Who runs a storefront's content: a direct storefront's own seller, a marketplace's operator. */
export function operatorOf(storefront: { kind: 'direct' | 'marketplace'; seller_id: string | null; operator_seller_id?: string | null }): string | null {
  return storefront.kind === 'direct' ? storefront.seller_id : (storefront.operator_seller_id ?? null);
}

type Add = (field: string, reason: string, detail: string) => void;

function collector(): { problems: InputProblem[]; add: Add } {
  const problems: InputProblem[] = [];
  return { problems, add: (field, reason, detail) => problems.push({ reason, field, detail }) };
}

/** Text by language: only the site's languages, and always its default one (what every fallback lands on). */
function languagesOf(add: Add, field: string, byLanguage: Record<string, unknown>, site: SiteFacts): void {
  for (const locale of Object.keys(byLanguage)) {
    if (!site.languages.includes(locale))
      add(`${field}.${locale}`, 'not_a_language', `${locale} is not one of the site's languages (${site.languages.join(', ')})`);
  }
  if (byLanguage[site.defaultLanguage] === undefined) {
    add(field, 'default_locale_missing', `${field} must include the site's default language, ${site.defaultLanguage}`);
  }
}

function tripsOf(add: Add, field: string, ids: string[], unknownTrips: ReadonlySet<string>): void {
  ids.forEach((id, i) => {
    if (unknownTrips.has(id)) add(`${field}[${i}]`, 'unknown_trip', `trip ${id} is not one of the trips this site can sell`);
  });
}

export function pageProblems(page: PageDefinition, site: SiteFacts, unknownTrips: ReadonlySet<string>, slugTaken: boolean): InputProblem[] {
  const { problems, add } = collector();
  if (slugTaken) add('slug', 'slug_taken', 'another page of this site has this slug');
  languagesOf(add, 'content', page.content, site);
  for (const [locale, content] of Object.entries(page.content)) {
    content.sections.forEach((section, i) => {
      if (section.type === 'trips') tripsOf(add, `content.${locale}.sections[${i}].trip_ids`, section.trip_ids, unknownTrips);
    });
  }
  return problems;
}

export function menuProblems(items: MenuItemDefinition[], site: SiteFacts, pages: ReadonlySet<string>, unknownTrips: ReadonlySet<string>): InputProblem[] {
  const { problems, add } = collector();
  const entry = (field: string, item: MenuLinkDefinition) => {
    languagesOf(add, `${field}.label`, item.label, site);
    const link = item.link;
    if ('page' in link && !pages.has(link.page)) add(`${field}.link.page`, 'unknown_page', `page ${link.page} is not a page of this site`);
    if ('trip' in link && unknownTrips.has(link.trip))
      add(`${field}.link.trip`, 'unknown_trip', `trip ${link.trip} is not one of the trips this site can sell`);
  };
  items.forEach((item, i) => {
    entry(`items[${i}]`, item);
    item.children.forEach((child, j) => entry(`items[${i}].children[${j}]`, child));
  });
  return problems;
}

export function collectionProblems(collections: CollectionDefinition[], site: SiteFacts, unknownTrips: ReadonlySet<string>): InputProblem[] {
  const { problems, add } = collector();
  const seen = new Set<string>();
  collections.forEach((collection, i) => {
    if (seen.has(collection.slug)) add(`collections[${i}].slug`, 'duplicate_slug', `the slug ${collection.slug} is used twice`);
    seen.add(collection.slug);
    languagesOf(add, `collections[${i}].name`, collection.name, site);
    tripsOf(add, `collections[${i}].trip_ids`, collection.trip_ids, unknownTrips);
  });
  return problems;
}

export function homeProblems(home: HomePlacement, unknownTrips: ReadonlySet<string>): InputProblem[] {
  const { problems, add } = collector();
  tripsOf(add, 'featured', home.featured, unknownTrips);
  tripsOf(add, 'hidden', home.hidden, unknownTrips);
  home.hidden.forEach((id, i) => {
    if (home.featured.includes(id)) add(`hidden[${i}]`, 'featured_and_hidden', `trip ${id} cannot be both featured and hidden from the home`);
  });
  return problems;
}

const count = (text: string, part: string): number => text.split(part).length - 1;

export function pathProblems(paths: SitePaths): InputProblem[] {
  const { problems, add } = collector();
  const placeholders = (field: keyof SitePaths, allowed: string[]) => {
    const pattern = paths[field];
    if (count(pattern, '{slug}') !== 1) add(field, 'slug_placeholder', `${field} must contain {slug} exactly once`);
    if (allowed.includes('{seller}') && count(pattern, '{seller}') > 1) add(field, 'seller_placeholder', `${field} may contain {seller} at most once`);
    const others = (pattern.match(/\{[^}]*\}/g) ?? []).filter((p) => !allowed.includes(p));
    if (others.length > 0) add(field, 'unknown_placeholder', `${field} may only use ${allowed.join(' and ')}, not ${others.join(', ')}`);
  };
  placeholders('trip', ['{slug}', '{seller}']);
  placeholders('page', ['{slug}']);
  if (paths.trip === paths.page) add('page', 'same_as_trip', 'pages and trips need different paths');
  return problems;
}
