/**
 * The URLs the list and search runs rotate through: many distinct filter combinations drawn from
 * the generated catalog, so that the answers are computed, not taken from the answer cache.
 */
import { DURATION_BUCKETS } from '../domain/catalog/trip-facts';
import type { ProductDefinition } from '../domain/catalog/definitions';
import type { GeneratedCatalog } from '../infra/seed/generated-catalog';

/** A small seeded generator (mulberry32): the same pools on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Params = [string, string][];

interface Draw {
  next: () => number;
  pick: <T>(items: readonly T[]) => T;
  product: ProductDefinition;
  sellerSlug: string;
}

/** Filters of GET /v1/public/products, each taking its value from one trip so that most lists are not empty. */
const LIST_FILTERS: ((d: Draw) => Params)[] = [
  ({ product }) => [['city', product.city.slug]],
  ({ product }) => [['region', product.region.slug]],
  ({ product }) => [['country', product.country.slug]],
  ({ product, pick }) => [['category', pick(product.categories).slug]],
  ({ product }) => [['template', product.template]],
  ({ product, pick }) => [['place', pick(product.places).slug]],
  ({ product, pick }) => [['via', pick(product.places).slug]],
  ({ sellerSlug }) => [['seller', sellerSlug]],
  ({ product, pick }) => {
    const buckets = Object.keys(DURATION_BUCKETS).filter((b) => DURATION_BUCKETS[b](product));
    return buckets.length > 0 ? [['duration', pick(buckets)]] : [];
  },
  ({ pick }) => [['style', pick(['private', 'shared', 'private,shared'])]],
  () => [['pickup', 'hotel']],
  () => [['confirmation', 'instant']],
  ({ pick }) => [['min_rating', pick(['3.5', '4', '4.5'])]],
  ({ pick }) => [['price', pick(['shown', 'ask', 'shown,ask'])]],
  ({ pick }) => [['min_price', pick(['2000', '5000', '10000'])]],
  ({ pick }) => [['max_price', pick(['5000', '10000', '30000'])]],
  ({ pick }) => [['travellers', pick(['1', '2', '3', '4', '6'])]],
];

/** A month from this one on, or a day within the next 60: lists of what can be booked then. */
function day(next: () => number): Params {
  const when = new Date();
  if (next() < 0.5) {
    when.setUTCMonth(when.getUTCMonth() + Math.floor(next() * 3));
    return [['month', when.toISOString().slice(0, 7)]];
  }
  when.setUTCDate(when.getUTCDate() + 1 + Math.floor(next() * 60));
  return [['date', when.toISOString().slice(0, 10)]];
}

const SORTS = ['price', 'price_desc', 'rating', 'duration', 'duration_desc'];
const CURRENCIES = ['EUR', 'GBP', 'JPY'];
const LOCALES = ['de', 'ja'];

/** Words of the catalog's English titles, most used first: what visitors type. */
function vocabulary(catalog: GeneratedCatalog): string[] {
  const counts = new Map<string, number>();
  for (const p of catalog.products) {
    for (const word of p.definition.content.en.title.toLowerCase().split(/[^a-z]+/)) {
      if (word.length >= 4 && !['with', 'from', 'your', 'like'].includes(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
}

/** One typing slip: two letters swapped, one dropped, one doubled or one replaced. */
function misspell(word: string, next: () => number): string {
  const i = 1 + Math.floor(next() * (word.length - 2));
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default:
      return word.slice(0, i) + (word[i] === 'e' ? 'a' : 'e') + word.slice(i + 1);
  }
}

/** Whether a list's filters could be asked together: a min_price above max_price is refused (422). */
function consistent(params: Params): boolean {
  const value = (name: string) => params.find(([n]) => n === name)?.[1];
  const [min, max] = [value('min_price'), value('max_price')];
  return min === undefined || max === undefined || Number(min) <= Number(max);
}

/** `size` distinct query strings, each made by `make` from a seeded generator. */
function distinct(size: number, seed: number, make: (next: () => number, pick: <T>(items: readonly T[]) => T) => Params): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const out = new Set<string>();
  for (let tries = 0; out.size < size; tries++) {
    if (tries > size * 50) throw new Error(`only ${out.size} distinct combinations found, ${size} asked`);
    const params = make(next, pick);
    if (consistent(params)) out.add(new URLSearchParams(params).toString());
  }
  return [...out];
}

export interface Pools {
  /** GET /v1/public/products?facets=true&limit=20 with one to three filters (never a day), a sort, a currency or a language. */
  list: string[];
  /** The same with q: one or two words of the titles. */
  listWithQ: string[];
  /** The same with a month or a date (and up to two filters): what can be booked then, which the answer cache does not keep. */
  listByDay: string[];
  /** GET /v1/public/search with one misspelt word and sometimes filters, a page or a language. */
  search: string[];
}

export function pools(catalog: GeneratedCatalog, size: number): Pools {
  const sellerSlugs = new Map(catalog.sellers.map((s) => [s.id, s.definition.slug]));
  const words = vocabulary(catalog).slice(0, 150);
  const listParams = (next: () => number, pick: <T>(items: readonly T[]) => T, byDay: boolean): Params => {
    const trip = pick(catalog.products);
    const draw: Draw = { next, pick, product: trip.definition, sellerSlug: sellerSlugs.get(trip.seller_id) ?? '' };
    const filters = byDay ? Math.floor(next() * 3) : next() < 0.5 ? 1 : next() < 0.7 ? 2 : 3;
    const params: Params = [];
    const used = new Set<number>();
    while (used.size < filters) used.add(Math.floor(next() * LIST_FILTERS.length));
    for (const i of used) params.push(...LIST_FILTERS[i](draw));
    if (byDay) params.push(...day(next));
    if (next() < 0.4) params.push(['sort', pick(SORTS)]);
    if (next() < 0.2) params.push(['currency', pick(CURRENCIES)]);
    if (next() < 0.2) params.push(['locale', pick(LOCALES)]);
    return params;
  };
  const list = (seed: number, q: boolean, byDay: boolean) =>
    distinct(size, seed, (next, pick) => [
      ['facets', 'true'],
      ['limit', '20'],
      ...(q ? [['q', next() < 0.7 ? pick(words) : `${pick(words)} ${pick(words)}`] as [string, string]] : []),
      ...listParams(next, pick, byDay),
    ]).map((query) => `/v1/public/products?${query}`);
  const search = distinct(size, 3, (next, pick) => {
    const trip = pick(catalog.products).definition;
    const params: Params = [['q', misspell(pick(words), next)]];
    if (next() < 0.3) params.push(['city', trip.city.slug]);
    if (next() < 0.2) params.push(['category', pick(trip.categories).slug]);
    if (next() < 0.2) params.push(['template', trip.template]);
    if (next() < 0.15) params.push(['duration_min', pick(['60', '180', '360'])], ['duration_max', pick(['600', '1440', '20160'])]);
    if (next() < 0.2) params.push(['page', pick(['2', '3'])]);
    if (next() < 0.2) params.push(['per_page', pick(['10', '50'])]);
    if (next() < 0.2) params.push(['locale', pick(LOCALES)]);
    if (next() < 0.2) params.push(['currency', pick(CURRENCIES)]);
    return params;
  }).map((query) => `/v1/public/search?${query}`);
  return { list: list(1, false, false), listWithQ: list(2, true, false), listByDay: list(4, false, true), search };
}
