import { decodeListCursor, encodeListCursor, resumeAt } from '../platform/cursor';
import { daysInMonth, isRealDate, isRealMonth } from '../../domain/calendar/schedule';
import { Refusal, conflict, invalidInput, notFound } from '../../domain/shared/refusal';
import { CatalogReads, ProductDoc, visibleProducts } from '../../projections/catalog/queries';
import type { SellerDoc, StorefrontDoc } from '../platform/context';
import { type DaysAsked, type Departures, bookableOn, daysAsked, departuresOn } from './bookable-days';
import type { Clock } from '../platform/ports/clock';
import type { DocumentStore, Filter } from '../platform/ports/document-store';
import type { Fx } from '../platform/ports/fx';
import { Pricer, catalogPricer, storefrontView, tripView } from './views';
import { groupFacts, keptCard, keptGroupCard, keptMainOption } from './kept';
import { facetsOf } from './facets';
import { Candidate, HomeRail, LIST_WINDOW, ProductListQuery, homeRail, listPlan, staffOrder, needingAttention, orderTrips } from './trip-list';
import { catalogVersion, textRelevance } from '../search';
import { facetsNamedIn } from '../filter-lists';
import { PRODUCTS } from '../../projections/catalog/doc';
import { ContentReads } from '../../projections/content/queries';
import { DEFAULT_HOME } from '../../domain/site-content';

/** Public reads of the catalog: storefront, trip list and trip page. */
export class CatalogQueries {
  private readonly reads: CatalogReads;
  /** Recent windows by filter, oldest first, for one catalog version. */
  private windows = { version: Number.NaN, byFilter: new Map<string, readonly Readonly<ProductDoc>[]>(), trips: 0 };
  private kept: { version: number; sellers: ReadonlyMap<string, Readonly<SellerDoc>> } = { version: Number.NaN, sellers: new Map() };
  /** Recent lists in their order by filters, q, group, order and rate, oldest first, for one catalog version. */
  private lists = { version: Number.NaN, byKey: new Map<string, KeptList>(), trips: 0 };

  constructor(
    private readonly docs: DocumentStore,
    private readonly clock: Clock,
    private readonly fx: Fx,
  ) {
    this.reads = new CatalogReads(docs);
  }

  storefront(storefront: StorefrontDoc) {
    return storefrontView(storefront);
  }

  /** Catalog prices in the asked currency when the storefront offers it, else its display currency (spec 4.2). */
  private pricerFor(storefront: StorefrontDoc, currency: string | undefined): Pricer | Refusal {
    return catalogPricer(storefront, currency, (code) => this.fx.rate(code));
  }

  /** Every seller by id, kept for the catalog version it was read at (sellers are catalog documents). */
  private async sellers(): Promise<ReadonlyMap<string, Readonly<SellerDoc>>> {
    const version = await catalogVersion(this.docs);
    if (version !== null && this.kept.version === version) return this.kept.sellers;
    const all = await this.docs.collection<SellerDoc>('sellers').find({});
    const sellers = new Map(all.map((s) => [s._id, s]));
    if (version !== null) this.kept = { version, sellers };
    return sellers;
  }

  async listProducts(storefront: StorefrontDoc, query: ProductListQuery) {
    const { min_price: min, max_price: max } = query;
    if (min !== undefined && max !== undefined && min > max) {
      return invalidInput([{ reason: 'invalid_value', field: 'min_price', detail: `min_price (${min}) must not exceed max_price (${max})` }]);
    }
    const p = this.pricerFor(storefront, query.currency);
    if ('refused' in p) return p;
    // A trip published in the asked language comes in it, whatever languages the storefront lists for itself (spec 4.2 locale).
    const locale = query.locale;
    const sellers = await this.sellers();
    const plan = listPlan(storefront, query, sellers, p);
    const cursor = query.cursor ? decodeListCursor(query.cursor, plan.kind) : null;
    if (cursor && 'refused' in cursor) return cursor;
    const days = this.daysAsked(query);
    if (!Array.isArray(days) && days !== null) return days;

    // A collection's trips, or none (an unknown collection, or any on a direct storefront).
    const placement = await this.placement(storefront, query);
    if (placement.collection?.length === 0 || !ownSellerAsked(storefront, query, sellers)) {
      return { data: [], next_cursor: null, total: 0, ...(query.facets ? { facets: facetsOf([]) } : {}) };
    }

    // Phase one: every filter the trip alone decides selects in the store (indexed fields of the
    // product document), newest first, at most LIST_WINDOW trips.
    const filter = placement.collection ? { ...plan.filter, _id: { $in: placement.collection } } : plan.filter;
    const filterKey = placement.collection ? `${plan.filterKey}|${JSON.stringify(placement.collection)}` : plan.filterKey;
    const version = await catalogVersion(this.docs);
    const window = await this.window(filter, filterKey, version);

    // Phase two: in memory over that window. The list in its order is kept for the catalog version:
    // another page, language or currency, or the staff's placement, reuse it.
    const n = query.travellers;
    // Prices are converted only when the order or a filter looks at them, or travellers ask for group prices.
    const pricesNeeded = n !== undefined || query.sort === 'price' || query.sort === 'price_desc';
    const now = this.clock.now();
    const asked = days ? daysAsked(days) : null;
    const departures = asked ? await departuresOn(this.docs, window, asked) : null;
    // A list for days is the same within a minute (cutoffs are counted in minutes) while no
    // departure of its trips on those days has fewer places or is called off.
    const listKey =
      departures !== null && departures.size > 0
        ? null
        : plan.listKey +
          JSON.stringify([placement.collection, pricesNeeded ? this.rateKey(p) : null, asked ? `${asked.key}@${Math.floor(now.getTime() / 60_000)}` : null]);
    let list = listKey !== null && version === this.lists.version ? this.lists.byKey.get(listKey) : undefined;
    if (!list) {
      const candidates = await this.candidates(window, query, asked && departures ? { asked, departures, now, sellers } : null, p, pricesNeeded);
      const ordered = orderTrips(candidates, query, storefront, needingAttention(sellers));
      // Kept as references only: a list of a thousand trips is one array, not a thousand objects.
      list = { trips: ordered.map((c) => c.product), groups: n === undefined ? null : ordered.map((c) => c.group), facets: null };
      if (listKey !== null && version !== null) this.keepList(version, listKey, list);
    }

    const kept = list;
    const entries = () => kept.trips.map((product, i) => ({ product, group: kept.groups?.[i] ?? null }));
    let placed: readonly { product: Readonly<ProductDoc>; group: Candidate['group'] }[] | null = null;
    const recommended = !query.q && (query.sort ?? 'recommended') === 'recommended';
    if (placement.collection) {
      if (recommended) placed = staffOrder(entries(), placement.collection);
    } else if (placement.home) {
      placed = homeRail(entries(), placement.home, recommended);
    }
    const total = placed ? placed.length : list.trips.length;
    const idAt = (i: number) => (placed ? placed[i].product._id : kept.trips[i]._id);
    const offset = cursor ? resumeAt(total, idAt, cursor, query.limit) : 0;
    const end = offset + query.limit;
    const page = placed
      ? placed.slice(offset, end)
      : list.trips.slice(offset, end).map((product, i) => ({ product, group: kept.groups?.[offset + i] ?? null }));
    const next =
      end < total
        ? encodeListCursor(
            plan.kind,
            end,
            page.map((c) => c.product._id),
          )
        : null;
    const data = page.map((c) => {
      const card = keptCard(c.product, sellers.get(c.product.seller_id), locale, p);
      if (n === undefined) return card;
      return keptGroupCard(card, c.group?.each != null ? c.group.each * n : null, c.group?.next != null ? c.group.next * (n + 1) : null, p.currency);
    });
    const answer: Record<string, unknown> = { data, next_cursor: next, total };
    if (query.facets) {
      // The staff's placement leaves trips out (hidden from the home) or only orders them.
      list.facets ??= windowFacets(window, list.trips);
      // Kept per list and language, never changed: frozen, so its text is kept too (see keptCard).
      answer.facets = Object.freeze(
        facetsNamedIn(!placed || placed.length === list.trips.length ? list.facets : facetsOf(placed.map((c) => c.product)), locale),
      );
    }
    return answer;
  }

  /**
   * The window's trips that q, the day and the group's budget keep, each with its relevance and,
   * when the order or a filter looks at them, its prices in the list's currency.
   */
  private async candidates(
    window: readonly Readonly<ProductDoc>[],
    query: ProductListQuery,
    on: { asked: DaysAsked; departures: Departures; now: Date; sellers: ReadonlyMap<string, Readonly<SellerDoc>> } | null,
    p: Pricer,
    pricesNeeded: boolean,
  ): Promise<(Candidate & { score: number })[]> {
    const relevance = query.q?.trim() ? await textRelevance(this.docs, query.q) : null;
    const n = query.travellers;
    const candidates: (Candidate & { score: number })[] = [];
    for (const product of window) {
      // Free text with nothing to search by (only punctuation) matches no trip.
      const score = relevance ? relevance(product) : 0;
      if (relevance && score === 0) continue;
      if (on && !bookableOn(product, on.asked, n ?? 1, on.now, on.departures, on.sellers.get(product.seller_id))) continue;
      // Each traveller's price is converted and rounded once, then multiplied, exactly as a quote does.
      let group: Candidate['group'] = null;
      const main = n !== undefined ? keptMainOption(product) : undefined;
      if (n !== undefined && main) {
        const each = groupFacts(product, main, n).eachUsd;
        const next = n < 50 ? groupFacts(product, main, n + 1).eachUsd : null;
        // A size the table cannot price still shows what one more would pay (a 1-2 and 5+ table at 4 shows 5's).
        if (each !== null || next !== null) group = { each: each === null ? null : p.usd(each).amount, next: next === null ? null : p.usd(next).amount };
      }
      const perPerson = !pricesNeeded ? null : n !== undefined ? (group?.each ?? null) : product.from_usd ? p.usd(product.from_usd.amount).amount : null;
      // With travellers, max_price is the group's share, known only now; min_price was from_price, in the store.
      if (n !== undefined && query.max_price !== undefined && (perPerson === null || perPerson > query.max_price)) continue;
      candidates.push({ product, perPerson, group, score });
    }
    return candidates;
  }

  /** What a price converted for this list depends on besides the storefront: its currency and today's rate. */
  private rateKey(p: Pricer): string {
    const fx = this.fx.rate(p.currency);
    return `${p.currency} ${fx?.rate_id} ${fx?.rate}`;
  }

  private keepList(version: number, key: string, list: KeptList): void {
    if (version !== this.lists.version) this.lists = { version, byKey: new Map(), trips: 0 };
    this.lists.byKey.set(key, list);
    this.lists.trips += list.trips.length;
    for (const [oldest, known] of this.lists.byKey) {
      if (this.lists.trips <= KEPT_LIST_TRIPS) break;
      this.lists.byKey.delete(oldest);
      this.lists.trips -= known.trips.length;
    }
  }

  /**
   * The newest LIST_WINDOW trips the filter selects. Lists ask the same filters again and again
   * (another page, order, currency or language), so windows are kept for the catalog version they
   * were read at, while the search index can tell that version.
   */
  private async window(filter: Filter, key: string, version: number | null): Promise<readonly Readonly<ProductDoc>[]> {
    if (version !== null && version === this.windows.version) {
      const known = this.windows.byFilter.get(key);
      if (known) return known;
    }
    const window = await this.docs.collection<ProductDoc>(PRODUCTS).find(filter, { sort: { created_position: -1 }, limit: LIST_WINDOW });
    if (version === null) return window;
    if (version !== this.windows.version) this.windows = { version, byFilter: new Map(), trips: 0 };
    this.windows.byFilter.set(key, window);
    this.windows.trips += window.length;
    for (const [oldest, known] of this.windows.byFilter) {
      if (this.windows.trips <= KEPT_WINDOW_TRIPS) break;
      this.windows.byFilter.delete(oldest);
      this.windows.trips -= known.length;
    }
    return window;
  }

  /**
   * What a marketplace's staff set for this list (spec 4.2 home, collection): the asked collection's
   * trips in staff order (none when unknown, or on a direct storefront), else with home=true the home placement.
   */
  private async placement(storefront: StorefrontDoc, query: ProductListQuery): Promise<{ collection: string[] | null; home: HomeRail | null }> {
    const marketplace = storefront.kind === 'marketplace';
    const site = marketplace && (query.collection || query.home === 'true') ? await new ContentReads(this.docs).site(storefront._id) : null;
    // Slugs in filters match whatever their case (spec 4.2), as the other slugs do.
    const slug = query.collection?.toLowerCase();
    if (slug) return { collection: [...(site?.collections?.find((c) => c.slug === slug)?.trip_ids ?? [])], home: null };
    return { collection: null, home: marketplace && query.home === 'true' ? (site?.home ?? DEFAULT_HOME) : null };
  }

  /** A trip by id or slug (a marketplace slug also needs the seller's slug). */
  async product(storefront: StorefrontDoc, idOrSlug: string, options: { locale?: string; currency?: string; seller?: string }) {
    const p = this.pricerFor(storefront, options.currency);
    if ('refused' in p) return p;
    const visible = visibleProducts(storefront);
    let product = await this.docs.collection<ProductDoc>(PRODUCTS).findOne({ ...visible, _id: idOrSlug });
    if (!product) {
      // Trip slugs are lowercase: an asked slug matches whatever its case (ids stay exact).
      const sameSlug = await this.docs.collection<ProductDoc>(PRODUCTS).find({ ...visible, slug: idOrSlug.toLowerCase() });
      // On a marketplace a slug is one seller's: the seller's slug picks it, and must when several sellers use it.
      if (storefront.kind === 'marketplace' && sameSlug.length > 1 && !options.seller) {
        const sellers = await Promise.all(sameSlug.map((s) => this.reads.seller(s.seller_id)));
        const slugs = sellers.flatMap((s) => (s ? [s.slug] : [])).sort();
        return conflict('slug_not_unique', `${sameSlug.length} sellers here have a trip ${idOrSlug}: ask again with seller (one of ${slugs.join(', ')})`, {
          slug: idOrSlug,
          sellers: slugs,
        });
      }
      if (storefront.kind === 'marketplace' && options.seller) {
        const seller = await this.reads.sellerBySlug(options.seller.toLowerCase());
        product = sameSlug.find((s) => s.seller_id === seller?._id) ?? null;
      } else {
        product = sameSlug[0] ?? null;
      }
    }
    if (!product) return notFound('product');
    const seller = await this.reads.seller(product.seller_id);
    // A seller named with the trip must be its seller, whether the trip was asked by id or by slug.
    if (options.seller !== undefined && options.seller.toLowerCase() !== seller?.slug) return notFound('product');
    return tripView(product, seller ?? undefined, options.locale, p);
  }

  /** The local dates a date or month filter asks for (a month: from today on); null without one. */
  private daysAsked(query: ProductListQuery): string[] | Refusal | null {
    const problem = (field: string) => invalidInput([{ reason: 'invalid_value', field, detail: `${field} is not a real ${field}` }]);
    if (query.date) return isRealDate(query.date) ? [query.date] : problem('date');
    if (!query.month) return null;
    if (!isRealMonth(query.month)) return problem('month');
    // "Today" differs by zone: start from yesterday in UTC; starts already begun are past their cutoff anyway.
    const today = new Date(this.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    const days: string[] = [];
    for (let day = 1; day <= daysInMonth(query.month); day++) {
      const date = `${query.month}-${String(day).padStart(2, '0')}`;
      if (date >= today) days.push(date);
    }
    return days;
  }
}

/**
 * `seller` on a seller's own site (spec 4.2: seller filters on a marketplace): its trips are all
 * the seller's, so its own slug (whatever the case) finds them and any other slug finds none.
 */
function ownSellerAsked(storefront: StorefrontDoc, query: ProductListQuery, sellers: ReadonlyMap<string, Readonly<SellerDoc>>): boolean {
  if (storefront.kind === 'marketplace' || !query.seller || query.seller.length === 0) return true;
  const own = storefront.seller_id ? sellers.get(storefront.seller_id)?.slug.toLowerCase() : undefined;
  return own !== undefined && query.seller.some((slug) => slug.toLowerCase() === own);
}

/**
 * Facets of the candidates. When every trip of the window is a candidate (no q, day or group price
 * left any out), they are the window's own, kept with a window that is kept (see `window`).
 */
function windowFacets(window: readonly Readonly<ProductDoc>[], trips: readonly Readonly<ProductDoc>[]): ReturnType<typeof facetsOf> {
  if (trips.length !== window.length) return facetsOf(trips);
  let facets = WINDOW_FACETS.get(window);
  if (!facets) WINDOW_FACETS.set(window, (facets = facetsOf(window)));
  return facets;
}

const WINDOW_FACETS = new WeakMap<readonly Readonly<ProductDoc>[], ReturnType<typeof facetsOf>>();

/** Trips kept in recent windows, all filters together (references to stored documents). */
const KEPT_WINDOW_TRIPS = 2_000_000;
/** Trips kept in recent lists, all lists together. */
const KEPT_LIST_TRIPS = 2_000_000;

/** A list in its order before the staff's placement, with travellers what each pays, and (once asked) its facets. */
interface KeptList {
  trips: readonly Readonly<ProductDoc>[];
  groups: readonly Candidate['group'][] | null;
  facets: ReturnType<typeof facetsOf> | null;
}
