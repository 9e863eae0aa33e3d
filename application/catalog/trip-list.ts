import { fingerprint } from '../platform/canonical';
import { DURATION_BUCKETS, durationKey, picksUp, styleOf } from '../../domain/catalog/trip-facts';
import type { ProductDoc } from '../../projections/catalog/queries';
import type { StorefrontDoc } from '../platform/context';

export interface ProductListQuery {
  locale?: string;
  q?: string;
  template?: string[];
  city?: string[];
  region?: string[];
  place?: string[];
  category?: string[];
  country?: string[];
  seller?: string[];
  via?: string[];
  limit: number;
  cursor?: string;
  currency?: string;
  duration?: string[];
  style?: string[];
  pickup?: string;
  confirmation?: string;
  min_rating?: number;
  price?: string[];
  travellers?: number;
  min_price?: number;
  max_price?: number;
  sort?: string;
  facets?: boolean;
  date?: string;
  month?: string;
  home?: string;
  collection?: string;
}

/** The list looks through at most this many trips (spec 8). */
export const LIST_WINDOW = 1000;
/** Bumped whenever the order of a list changes, so older cursors are refused. */
const LIST_ORDER_VERSION = 2;

export interface Candidate {
  product: Readonly<ProductDoc>;
  /** Per traveller, in the list's currency: the group share with travellers, else from_price. */
  perPerson: number | null;
  /** With travellers: what each of the group, and each of one more, pays (list currency). */
  group: { each: number; next: number | null } | null;
}

/** The list a cursor belongs to: its filters and the order's version. */
export function listKind(storefront: StorefrontDoc, query: ProductListQuery): string {
  const { cursor, limit, facets, ...rest } = query;
  // The same filters in another order, or their values in another order, make the same list.
  const filters = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v]));
  return `products.${LIST_ORDER_VERSION}.${fingerprint({ storefront: storefront._id, filters })}`;
}

const HOME_MIX = 12;

/**
 * The marketplace home rail (spec 4.2 home): within the first 12, take turns across sellers and,
 * where possible, countries, keeping each trip's place in the recommended order otherwise.
 * Priced trips stay ahead of those that ask for a price.
 */
export function homeMix<C extends { product: Readonly<ProductDoc> }>(ordered: C[]): C[] {
  const rest = [...ordered];
  const head: C[] = [];
  const sellers = new Set<string>();
  const countries = new Set<string>();
  const priced = (c: C) => c.product.from_usd !== null;
  while (head.length < HOME_MIX && rest.length > 0) {
    const tier = priced(rest[0]);
    const fits = (c: C, byCountry: boolean) =>
      priced(c) === tier && !sellers.has(c.product.seller_id) && (!byCountry || !countries.has(c.product.definition.country.slug));
    let i = rest.findIndex((c) => fits(c, true));
    if (i < 0) i = rest.findIndex((c) => fits(c, false));
    if (i < 0) {
      // Every seller has had a turn: start the next round.
      sellers.clear();
      countries.clear();
      continue;
    }
    const [chosen] = rest.splice(i, 1);
    head.push(chosen);
    sellers.add(chosen.product.seller_id);
    countries.add(chosen.product.definition.country.slug);
  }
  return [...head, ...rest];
}

/** Without q, trips with a shown price and a photo come first (spec 4.2 recommended). */
function featured(product: Readonly<ProductDoc>): boolean {
  return product.from_usd !== null && product.definition.photos.length > 0;
}

/** The spec's orders (4.2 Rules), with priced trips first on a marketplace. */
export function orderTrips<C extends Candidate & { score: number }>(list: C[], query: ProductListQuery, storefront: StorefrontDoc): C[] {
  const newest = (a: Candidate, b: Candidate) => b.product.created_position - a.product.created_position;
  const unknownLast = (a: number | null, b: number | null, dir: 1 | -1) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : (a - b) * dir);
  const byPrice = (dir: 1 | -1) => (a: Candidate, b: Candidate) => unknownLast(a.perPerson, b.perPerson, dir) || newest(a, b);
  const sorts: Record<string, (a: C, b: C) => number> = {
    recommended: query.q ? (a, b) => b.score - a.score || newest(a, b) : (a, b) => Number(featured(b.product)) - Number(featured(a.product)) || newest(a, b),
    price: byPrice(1),
    price_desc: byPrice(-1),
    rating: (a, b) => {
      const ra = a.product.definition.rating;
      const rb = b.product.definition.rating;
      if (!ra || !rb) return ra ? -1 : rb ? 1 : newest(a, b);
      return rb.average - ra.average || rb.count - ra.count || newest(a, b);
    },
    duration: (a, b) => unknownLast(durationKey(a.product.definition), durationKey(b.product.definition), 1) || newest(a, b),
    duration_desc: (a, b) => unknownLast(durationKey(a.product.definition), durationKey(b.product.definition), -1) || newest(a, b),
  };
  const sort = sorts[query.sort ?? 'recommended'];
  // A marketplace shows priced trips before ask-for-price ones in every order.
  const pricedFirst =
    storefront.kind === 'marketplace' ? (a: Candidate, b: Candidate) => Number(b.product.from_usd !== null) - Number(a.product.from_usd !== null) : () => 0;
  return [...list].sort((a, b) => pricedFirst(a, b) || sort(a, b));
}

/** Counts over every match of the filters (spec 2.3 facets). */
export function facetsOf(products: Readonly<ProductDoc>[]) {
  const count = (pairs: [string, string | null][]) => {
    const counts = new Map<string, { value: string; name: string | null; count: number }>();
    for (const [value, name] of pairs) {
      const entry = counts.get(value) ?? { value, name, count: 0 };
      entry.count += 1;
      counts.set(value, entry);
    }
    return [...counts.values()].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  };
  const defs = products.map((p) => p.definition);
  const buckets = Object.keys(DURATION_BUCKETS);
  return {
    city: count(defs.map((d) => [d.city.slug, d.city.name])),
    category: count(defs.flatMap((d) => d.categories.map((c): [string, string] => [c.slug, c.name]))),
    template: count(defs.map((d) => [d.template, null])),
    duration: buckets.map((b) => ({ value: b, name: null, count: defs.filter((d) => DURATION_BUCKETS[b](d)).length })).filter((b) => b.count > 0),
    style: count(
      defs.flatMap((d): [string, null][] => {
        const style = styleOf(d);
        return style ? [[style, null]] : [];
      }),
    ),
    pickup: count(defs.filter(picksUp).map((): [string, null] => ['hotel', null])),
    rating: [4.5, 4].map((r) => ({ value: r, name: null, count: defs.filter((d) => d.rating && d.rating.average >= r).length })),
  };
}
