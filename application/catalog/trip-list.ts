import { fingerprint } from '../platform/canonical';
import { durationKey } from '../../domain/catalog/trip-facts';
import { usdRange } from '../../domain/pricing/from-price';
import { visibleProducts, type ProductDoc } from '../../projections/catalog/queries';
import type { SellerDoc, StorefrontDoc } from '../platform/context';
import type { Filter } from '../platform/ports/document-store';
import type { Pricer } from './views';

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
const LIST_ORDER_VERSION = 3;

export interface Candidate {
  product: Readonly<ProductDoc>;
  /** Per traveller, in the list's currency: the group share with travellers, else from_price. */
  perPerson: number | null;
  /** With travellers: what each of the group, and each of one more, pays (list currency). */
  group: { each: number | null; next: number | null } | null;
}

/**
 * What a list's filters come to: the list a cursor belongs to, its phase-one filter (tripFilter)
 * with that filter's key (tripFilterKey), and the key of the list in its order before a collection,
 * a rate or a day are added to it.
 */
export interface ListPlan {
  kind: string;
  filter: Readonly<Filter>;
  filterKey: string;
  listKey: string;
}

/**
 * The plan of a list as asked. Every page of a list, every visitor, asks for the same filters: the
 * plan is kept by the filters as asked, for the storefront document, sellers and pricer it was made
 * with (each a new object once it changes), so a repeated list does not build its filter and keys again.
 */
export function listPlan(storefront: StorefrontDoc, query: ProductListQuery, sellers: ReadonlyMap<string, Readonly<SellerDoc>>, p: Pricer): ListPlan {
  const { cursor, limit, facets, ...rest } = query;
  const asked = JSON.stringify([storefront._id, rest]);
  const known = PLANS.get(asked);
  if (known && known.storefront === storefront && known.sellers === sellers && known.p === p) return known.plan;
  // The same filters in another order, or their values in another order, make the same list.
  const filters = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v]));
  const filter = tripFilter(storefront, query, sellers, p);
  const filterKey = tripFilterKey(storefront, filter);
  const n = query.travellers;
  const plan = {
    kind: `products.${LIST_ORDER_VERSION}.${fingerprint({ storefront: storefront._id, filters })}`,
    filter,
    filterKey,
    listKey: JSON.stringify([storefront._id, filterKey, query.q, n, n === undefined ? null : query.max_price, query.sort]),
  };
  if (PLANS.size >= PLANS_KEPT) PLANS.clear();
  PLANS.set(asked, { storefront, sellers, p, plan });
  return plan;
}

/** Plans of recent lists by their filters as asked. */
const PLANS = new Map<string, { storefront: StorefrontDoc; sellers: ReadonlyMap<string, Readonly<SellerDoc>>; p: Pricer; plan: ListPlan }>();
const PLANS_KEPT = 10_000;

const HOME_MIX = 12;

/**
 * The marketplace home rail (spec 4.2 home): within the first 12, take turns across sellers and,
 * where possible, countries, keeping each trip's place in the recommended order otherwise.
 * Priced trips stay ahead of those that ask for a price.
 */
export function homeMix<C extends { product: Readonly<ProductDoc> }>(ordered: C[], slots = HOME_MIX): C[] {
  const rest = [...ordered];
  const head: C[] = [];
  const sellers = new Set<string>();
  const countries = new Set<string>();
  const priced = (c: C) => c.product.from_usd !== null;
  while (head.length < slots && rest.length > 0) {
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

/** A marketplace's home placement, as its staff set it. */
export interface HomeRail {
  featured: readonly string[];
  hidden: readonly string[];
}

/**
 * The marketplace home rail (spec 4.2 home): trips hidden from the home are left out; in the
 * recommended order, featured trips come first in staff order, then the mix across sellers and
 * countries fills the rest of the first 12, then the others.
 */
export function homeRail<C extends { product: Readonly<ProductDoc> }>(ordered: readonly C[], home: HomeRail, recommended: boolean): C[] {
  const hidden = new Set(home.hidden);
  const shown = ordered.filter((c) => !hidden.has(c.product._id));
  if (!recommended) return shown;
  const byId = new Map(shown.map((c) => [c.product._id, c]));
  const featured = home.featured.flatMap((id) => byId.get(id) ?? []);
  const first = new Set(featured.map((c) => c.product._id));
  const rest = shown.filter((c) => !first.has(c.product._id));
  return [...featured, ...homeMix(rest, HOME_MIX - featured.length)];
}

/** A collection's trips in staff order (spec 4.2 collection). */
export function staffOrder<C extends { product: Readonly<ProductDoc> }>(candidates: readonly C[], ids: readonly string[]): C[] {
  const rank = new Map<string, number>();
  ids.forEach((id, i) => rank.set(id, rank.get(id) ?? i));
  const of = (c: C) => rank.get(c.product._id) ?? ids.length;
  return [...candidates].sort((a, b) => of(a) - of(b));
}

/**
 * Phase one of the list (spec 4.2): every filter the trip alone decides, on the product document's
 * indexed fields (projections/catalog/projector.ts), so none of them is limited to the window.
 * Slugs match whatever their case. Price bounds are on from_price as `p` shows it; with travellers
 * max_price is the group's share instead, known only in phase two.
 */
function tripFilter(storefront: StorefrontDoc, query: ProductListQuery, sellers: ReadonlyMap<string, Readonly<SellerDoc>>, p: Pricer): Filter {
  const filter: Filter = { ...visibleProducts(storefront) };
  const anyOf = (field: string, values: string[] | undefined) => {
    if (values && values.length > 0) filter[field] = { $in: values.map((v) => v.toLowerCase()) };
  };
  anyOf('template', query.template);
  anyOf('city', query.city);
  anyOf('region', query.region);
  anyOf('country', query.country);
  anyOf('categories', query.category);
  anyOf('places', query.place);
  anyOf('stops', query.via);
  anyOf('duration', query.duration);
  anyOf('style', query.style);
  anyOf('price', query.price);
  if (query.seller && storefront.kind === 'marketplace') {
    const asked = new Set(query.seller.map((slug) => slug.toLowerCase()));
    filter.seller_id = { $in: storefront.member_seller_ids.filter((id) => asked.has(sellers.get(id)?.slug.toLowerCase() ?? '')) };
  }
  if (query.pickup) filter.pickup = query.pickup;
  if (query.confirmation) filter.confirmation = query.confirmation;
  if (query.min_rating !== undefined) filter.rating = { $gte: query.min_rating };
  const bounds = usdRange((usd) => p.usd(usd).amount, query.min_price ?? null, query.travellers === undefined ? (query.max_price ?? null) : null);
  if (bounds.min !== null || bounds.max !== null) {
    filter['from_usd.amount'] = { ...(bounds.min !== null ? { $gte: bounds.min } : {}), ...(bounds.max !== null ? { $lte: bounds.max } : {}) };
  }
  return filter;
}

/**
 * The key of a trip filter (tripFilter) among kept windows, short: a marketplace's member list (fifty
 * sellers are two kilobytes of ids) is named by a digest of it, worked out once per list.
 */
function tripFilterKey(storefront: StorefrontDoc, filter: Filter): string {
  const { seller_id: sellerId, ...rest } = filter;
  if (storefront.kind !== 'marketplace') return JSON.stringify([storefront._id, sellerId, rest]);
  const members = storefront.member_seller_ids;
  let digest = MEMBER_DIGESTS.get(members);
  if (digest === undefined) MEMBER_DIGESTS.set(members, (digest = fingerprint(members)));
  // Every member (no seller asked) is the storefront's own list, found again by its digest.
  const sellers = (sellerId as { $in?: unknown } | undefined)?.$in === members ? '*' : sellerId;
  return JSON.stringify([storefront._id, digest, sellers, rest]);
}

const MEMBER_DIGESTS = new WeakMap<readonly string[], string>();

/** The sellers the platform flagged for attention (spec 4.2): their trips come after the others in the default order. */
export function needingAttention(sellers: ReadonlyMap<string, Readonly<SellerDoc>>): ReadonlySet<string> {
  return new Set([...sellers.values()].filter((s) => s.needs_attention === true).map((s) => s._id));
}

/** Without q, trips with a shown price and a photo come first (spec 4.2 recommended). */
function featured(product: Readonly<ProductDoc>): boolean {
  return product.from_usd !== null && product.definition.photos.length > 0;
}

/**
 * The spec's orders (4.2 Rules). On a marketplace priced trips come before those that ask for a
 * price in every order, and in the default order with no q the trips of sellers needing attention
 * come after the others (within each of those two groups).
 */
export function orderTrips<C extends Candidate & { score: number }>(
  list: C[],
  query: ProductListQuery,
  storefront: StorefrontDoc,
  attention: ReadonlySet<string> = new Set(),
): C[] {
  const sort = query.sort ?? 'recommended';
  const key = sort === 'recommended' && query.q ? byRelevance : SORT_KEYS[sort];
  const marketplace = storefront.kind === 'marketplace';
  const attentionLast = marketplace && !query.q && sort === 'recommended';
  const tier = (c: C) => (marketplace && c.product.price === 'ask' ? 2 : 0) + (attentionLast && attention.has(c.product.seller_id) ? 1 : 0);
  if (sort === 'recommended' && !query.q && newestFirst(list)) return recommendedOrder(list, tier);
  // Keys are worked out once per trip, not once per comparison: a list sorts up to a thousand trips.
  const keyed = list.map((c) => {
    const [k1, k2, k3] = key(c);
    // A trip whose options are all paused is not an ask-for-price trip, priced or not.
    return { c, tier: tier(c), k1, k2, k3, newest: -c.product.created_position };
  });
  keyed.sort((a, b) => a.tier - b.tier || a.k1 - b.k1 || a.k2 - b.k2 || a.k3 - b.k3 || a.newest - b.newest);
  return keyed.map((k) => k.c);
}

function newestFirst(list: readonly Candidate[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i - 1].product.created_position <= list[i].product.created_position) return false;
  return true;
}

/**
 * The recommended order without q of a list already newest first (a window is): a trip's tier,
 * then whether it is featured, take two values each, so the order is a stable pass into buckets
 * rather than a sort.
 */
function recommendedOrder<C extends Candidate>(list: C[], tier: (c: C) => number): C[] {
  const buckets: C[][] = [[], [], [], [], [], [], [], []];
  for (let i = 0; i < list.length; i++) buckets[tier(list[i]) * 2 + (featured(list[i].product) ? 0 : 1)].push(list[i]);
  return buckets.flat();
}

/** A trip's sort keys, smallest first; ties go to the newest trip. An unknown price or length comes last in either direction. */
type SortKeys = (c: Candidate & { score: number }) => [number, number, number];

const byRelevance: SortKeys = (c) => [-c.score, 0, 0];
const byPrice =
  (dir: 1 | -1): SortKeys =>
  (c) => [c.perPerson === null ? 1 : 0, (c.perPerson ?? 0) * dir, 0];
const byDuration =
  (dir: 1 | -1): SortKeys =>
  (c) => {
    const minutes = durationKey(c.product.definition);
    return [minutes === null ? 1 : 0, (minutes ?? 0) * dir, 0];
  };

const SORT_KEYS: Record<string, SortKeys> = {
  recommended: (c) => [featured(c.product) ? 0 : 1, 0, 0],
  price: byPrice(1),
  price_desc: byPrice(-1),
  // Rated trips first, best average then most reviews.
  rating: (c) => {
    const rating = c.product.definition.rating;
    return rating ? [0, -rating.average, -rating.count] : [1, 0, 0];
  },
  duration: byDuration(1),
  duration_desc: byDuration(-1),
};
