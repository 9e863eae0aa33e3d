import type { NamedSlug } from '../../domain/catalog/definitions';
import { durationKey } from '../../domain/catalog/trip-facts';
import type { FxRate } from '../../domain/pricing/quote';
import type { Money } from '../../domain/shared/money';
import { Refusal, invalidInput, refuse } from '../../domain/shared/refusal';
import { PRODUCTS, SELLERS, type ProductDoc } from '../../projections/catalog/doc';
import { visibleProducts } from '../../projections/catalog/queries';
import type { SellerDoc, StorefrontDoc } from '../platform/context';
import type { DocumentStore } from '../platform/ports/document-store';
import type { Fx } from '../platform/ports/fx';
import type { TripIndex } from './trip-index';
import { facetsNamedIn } from '../filter-lists';

/** GET /v1/public/search's parameters (spec 4.2), validated. */
export interface SearchQuery {
  q?: string;
  locale?: string;
  city?: string[];
  category?: string[];
  template?: string[];
  /** Minutes; a multi-day trip lasts its days times 1440. */
  duration_min?: number;
  duration_max?: number;
  page: number;
  per_page: number;
  currency?: string;
}

/** A search result item: exactly the fields spec 2.3 lists for search. */
export interface SearchItem {
  template: string;
  content_locale: string;
  sales_paused: boolean;
  duration_days: number | null;
  duration_nights: number | null;
  id: string;
  slug: string;
  title: string;
  duration_minutes: number | null;
  city: NamedSlug;
  region: NamedSlug;
  country: NamedSlug;
  seller: NamedSlug | null;
  from_price: (Money & { group_size: number }) | null;
}

export interface FacetValue {
  value: string;
  name: string | null;
  count: number;
}

export interface Pricer {
  currency: string;
  usd(cents: number): Money;
}

export interface SearchCandidate {
  product: Readonly<ProductDoc>;
  perPerson: number | null;
  group: null;
  score: number;
}

/**
 * What search shows of a trip is what the catalog shows (application/catalog): its trip card,
 * prices and order. The catalog's trip list asks this feature for free-text matches, so
 * the catalog's functions are handed in where the features are listed (application/features.ts)
 * rather than imported, which would close an import cycle.
 */
export interface CatalogViews {
  catalogPricer(storefront: StorefrontDoc, asked: string | undefined, rateOf: (currency: string) => FxRate | null): Pricer | Refusal;
  /** The trip card as lists keep it: the same object for the same trip, language, pricer and seller, never changed. */
  keptCard(product: Readonly<ProductDoc>, seller: Readonly<SellerDoc> | undefined, locale: string | undefined, p: Pricer): Readonly<SearchItem>;
  orderTrips<C extends SearchCandidate>(list: C[], query: { q?: string; limit: number }, storefront: StorefrontDoc): C[];
  /** The trip list's facets of these trips, counted from facts kept per trip. */
  facetsOf(products: readonly Readonly<ProductDoc>[]): CountedFacets;
}

/** The search item of a kept card, kept with it and frozen like it (its text is kept by whoever writes it). */
function searchItem(card: Readonly<SearchItem>): Readonly<SearchItem> {
  let item = ITEMS.get(card);
  if (!item) {
    item = Object.freeze({
      template: card.template,
      content_locale: card.content_locale,
      sales_paused: card.sales_paused,
      duration_days: card.duration_days,
      duration_nights: card.duration_nights,
      id: card.id,
      slug: card.slug,
      title: card.title,
      duration_minutes: card.duration_minutes,
      city: card.city,
      region: card.region,
      country: card.country,
      seller: card.seller,
      from_price: card.from_price,
    });
    ITEMS.set(card, item);
  }
  return item;
}

const ITEMS = new WeakMap<Readonly<SearchItem>, Readonly<SearchItem>>();

/** Facets as the catalog counts them (spec 2.3), from which search shows four. */
export interface CountedFacets {
  city: FacetValue[];
  category: FacetValue[];
  template: FacetValue[];
  duration: FacetValue[];
}

/** The four facets of search (spec 2.3: city, category, template, duration), counted as the trip list counts its own, most common first. */
function searchFacets(counted: CountedFacets): CountedFacets {
  return { city: counted.city, category: counted.category, template: counted.template, duration: counted.duration };
}

/** Slugs in filters match whatever their case (city=Lisbon finds lisbon). */
const anyOf = (asked: string[] | undefined) => (asked && asked.length > 0 ? new Set(asked.map((s) => s.toLowerCase())) : null);

/** Trips kept in the ordered matches of recent searches, all searches together. */
const RECENT_TRIPS = 200_000;

interface Matches {
  ordered: SearchCandidate[];
  facets: CountedFacets;
}

/** GET /v1/public/search (spec 4.2): the storefront's published trips the index finds, a page at a time, with facets. */
export class TripSearch {
  private visibleIds = new Map<string, { version: number; ids: ReadonlySet<string> }>();
  /**
   * Ordered matches and facets of recent searches by storefront, q and filters, oldest first, for
   * the catalog version they were found at: another page, language or currency reuses them.
   */
  private recent = { version: Number.NaN, matches: new Map<string, Matches>(), trips: 0 };

  constructor(
    private readonly index: TripIndex,
    private readonly docs: DocumentStore,
    private readonly fx: Fx,
    private readonly views: CatalogViews,
  ) {}

  async search(storefront: StorefrontDoc, query: SearchQuery) {
    // Never an empty list while the index is down: the storefront falls back to the trip list's q.
    if (!(await this.index.current()))
      return refuse('SearchUnavailable', 'search is down here: GET /v1/public/products with q finds trips by title and summary words');
    const { duration_min: min, duration_max: max } = query;
    if (min !== undefined && max !== undefined && min > max) {
      return invalidInput([{ reason: 'invalid_value', field: 'duration_min', detail: `duration_min (${min}) must not exceed duration_max (${max})` }]);
    }
    const p = this.pricerFor(storefront, query.currency);
    if ('refused' in p) return p;

    const { ordered, facets } = await this.matches(storefront, query);
    const offset = (query.page - 1) * query.per_page;
    const page = ordered.slice(offset, offset + query.per_page);
    const sellerIds = [...new Set(page.map((c) => c.product.seller_id))];
    const sellers = new Map((await this.docs.collection<SellerDoc>(SELLERS).find({ _id: { $in: sellerIds } })).map((s) => [s._id, s]));
    return {
      data: page.map((c) => searchItem(this.views.keptCard(c.product, sellers.get(c.product.seller_id), query.locale, p))),
      total: ordered.length,
      page: query.page,
      // Kept with the matches, per language, never changed: frozen, so its text is kept too.
      facets: Object.freeze(facetsNamedIn(facets, query.locale)),
    };
  }

  /** Every trip of the storefront matching q and the filters, best first, with their facets. */
  private async matches(storefront: StorefrontDoc, query: SearchQuery): Promise<Matches> {
    const q = query.q?.trim() ? query.q : undefined;
    const key = JSON.stringify([storefront._id, q, query.city, query.category, query.template, query.duration_min, query.duration_max]);
    if (this.recent.version !== this.index.version) this.recent = { version: this.index.version, matches: new Map(), trips: 0 };
    const known = this.recent.matches.get(key);
    if (known) return known;

    const visible = await this.visible(storefront);
    const scores = q ? this.index.find(q) : null;
    const cities = anyOf(query.city);
    const categories = anyOf(query.category);
    const templates = anyOf(query.template);
    const { duration_min: min, duration_max: max } = query;
    const filtered = cities !== null || categories !== null || templates !== null || min !== undefined || max !== undefined;
    const candidates: SearchCandidate[] = [];
    const consider = (product: Readonly<ProductDoc> | undefined, score: number) => {
      if (!product || !visible.has(product._id)) return;
      if (filtered) {
        const d = product.definition;
        if (cities && !cities.has(d.city.slug.toLowerCase())) return;
        if (categories && !d.categories.some((c) => categories.has(c.slug.toLowerCase()))) return;
        if (templates && !templates.has(d.template)) return;
        if (min !== undefined || max !== undefined) {
          // A trip of unknown length is in no duration range.
          const minutes = durationKey(d);
          if (minutes === null || (min !== undefined && minutes < min) || (max !== undefined && minutes > max)) return;
        }
      }
      candidates.push({ product, perPerson: null, group: null, score });
    };
    if (scores) for (const [id, score] of scores) consider(this.index.trip(id), score);
    else for (const product of this.index.all()) consider(product, 0);
    const matches = {
      ordered: this.views.orderTrips(candidates, { q, limit: query.per_page }, storefront),
      facets: searchFacets(this.views.facetsOf(candidates.map((c) => c.product))),
    };
    this.recent.matches.set(key, matches);
    this.recent.trips += candidates.length;
    for (const [oldest, known] of this.recent.matches) {
      if (this.recent.trips <= RECENT_TRIPS) break;
      this.recent.matches.delete(oldest);
      this.recent.trips -= known.ordered.length;
    }
    return matches;
  }

  /** Catalog prices in the asked currency when the storefront offers it, else its display currency (spec 4.2). */
  private pricerFor(storefront: StorefrontDoc, currency: string | undefined): Pricer | Refusal {
    return this.views.catalogPricer(storefront, currency, (code) => this.fx.rate(code));
  }

  /** The ids of the trips the storefront sells (the catalog's visibility rules), read again whenever the catalog moves. */
  private async visible(storefront: StorefrontDoc): Promise<ReadonlySet<string>> {
    const version = this.index.version;
    const known = this.visibleIds.get(storefront._id);
    if (known?.version === version) return known.ids;
    const products = await this.docs.collection<ProductDoc>(PRODUCTS).find(visibleProducts(storefront), { projection: { _id: 1 } });
    const ids = new Set(products.map((product) => product._id));
    this.visibleIds.set(storefront._id, { version, ids });
    return ids;
  }
}
