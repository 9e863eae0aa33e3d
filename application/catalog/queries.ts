import { decodeOffsetCursor, encodeOffsetCursor } from '../platform/cursor';
import { capacityOf, daysInMonth, firstBookableStart, isRealDate, isRealMonth } from '../../domain/calendar/schedule';
import { pricedOn } from '../../domain/pricing/tables';
import type { OptionDefinition, ProductDefinition } from '../../domain/catalog/definitions';
import { type DepartureEntry, remainingPlaces } from '../../domain/departure';
import { Refusal, invalidInput, notFound } from '../../domain/shared/refusal';
import { groupCanBook, groupEachUsd } from '../../domain/pricing/from-price';
import { money } from '../../domain/shared/money';
import { CatalogReads, ProductDoc, visibleProducts } from '../../projections/catalog/queries';
import type { SellerDoc, StorefrontDoc } from '../platform/context';
import { DEPARTURES, type DepartureDoc } from '../../projections/departures/doc';
import type { Clock } from '../platform/ports/clock';
import type { DocumentStore, Filter } from '../platform/ports/document-store';
import type { Fx } from '../platform/ports/fx';
import { Pricer, catalogPricer, storefrontView, tripCard, tripView } from './views';
import { mainOption } from '../../domain/catalog/trip-facts';
import {
  Candidate,
  HomeRail,
  LIST_WINDOW,
  ProductListQuery,
  facetsOf,
  homeRail,
  listKind,
  staffOrder,
  needingAttention,
  orderTrips,
  tripFilter,
} from './trip-list';
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

  private async sellers(): Promise<Map<string, Readonly<SellerDoc>>> {
    const all = await this.docs.collection<SellerDoc>('sellers').find({});
    return new Map(all.map((s) => [s._id, s]));
  }

  async listProducts(storefront: StorefrontDoc, query: ProductListQuery) {
    const p = this.pricerFor(storefront, query.currency);
    if ('refused' in p) return p;
    // A trip published in the asked language comes in it, whatever languages the storefront lists for itself (spec 4.2 locale).
    const locale = query.locale;
    const kind = listKind(storefront, query);
    const offset = query.cursor ? decodeOffsetCursor(query.cursor, kind) : 0;
    if (typeof offset !== 'number') return offset;
    const days = this.daysAsked(query);
    if (!Array.isArray(days) && days !== null) return days;

    // A collection's trips, or none (an unknown collection, or any on a direct storefront).
    const placement = await this.placement(storefront, query);
    if (placement.collection?.length === 0) return { data: [], next_cursor: null, total: 0, ...(query.facets ? { facets: facetsOf([]) } : {}) };
    const sellers = await this.sellers();

    // Phase one: every filter the trip alone decides selects in the store (indexed fields of the
    // product document), newest first, at most LIST_WINDOW trips.
    const filter = tripFilter(storefront, query, sellers, p);
    if (placement.collection) filter._id = { $in: placement.collection };
    const window = await this.window(filter);

    // Phase two: in memory over that window.
    const relevance = query.q?.trim() ? await textRelevance(this.docs, query.q) : null;
    const n = query.travellers;
    const now = this.clock.now();
    const departures = days ? await this.departuresOn(window, days) : null;
    // Prices are converted only when the order or a filter looks at them, or travellers ask for group prices.
    const pricesNeeded = n !== undefined || query.sort === 'price' || query.sort === 'price_desc';
    let candidates: (Candidate & { score: number })[] = [];
    for (const product of window) {
      // Free text with nothing to search by (only punctuation) matches no trip.
      const score = relevance ? relevance(product) : 0;
      if (relevance && score === 0) continue;
      if (days && departures && !bookableOn(product.definition, days, n ?? 1, now, departures)) continue;
      // Each traveller's price is converted and rounded once, then multiplied, exactly as a quote does.
      let group: Candidate['group'] = null;
      const main = n !== undefined ? mainOption(product.definition) : undefined;
      if (n !== undefined && main) {
        const each = groupFacts(main, n).eachUsd;
        const next = n < 50 ? groupFacts(main, n + 1).eachUsd : null;
        // A size the table cannot price still shows what one more would pay (a 1-2 and 5+ table at 4 shows 5's).
        if (each !== null || next !== null) group = { each: each === null ? null : p.usd(each).amount, next: next === null ? null : p.usd(next).amount };
      }
      const perPerson = !pricesNeeded ? null : n !== undefined ? (group?.each ?? null) : product.from_usd ? p.usd(product.from_usd.amount).amount : null;
      // With travellers, max_price is the group's share, known only now; min_price was from_price, in the store.
      if (n !== undefined && query.max_price !== undefined && (perPerson === null || perPerson > query.max_price)) continue;
      candidates.push({ product, perPerson, group, score });
    }

    candidates = orderTrips(candidates, query, storefront, needingAttention(sellers));
    const recommended = !query.q && (query.sort ?? 'recommended') === 'recommended';
    if (placement.collection) {
      if (recommended) candidates = staffOrder(candidates, placement.collection);
    } else if (placement.home) {
      candidates = homeRail(candidates, placement.home, recommended);
    }
    const total = candidates.length;
    const page = candidates.slice(offset, offset + query.limit);
    const next = offset + query.limit < total ? encodeOffsetCursor(kind, offset + query.limit) : null;
    const data = page.map((c) => {
      const card: Record<string, unknown> = tripCard(c.product, sellers.get(c.product.seller_id), locale, p);
      if (n !== undefined) {
        card.group_price = c.group?.each != null ? money(c.group.each * n, p.currency) : null;
        card.next_group_price = c.group?.next != null ? money(c.group.next * (n + 1), p.currency) : null;
      }
      return card;
    });
    const answer: Record<string, unknown> = { data, next_cursor: next, total };
    if (query.facets) answer.facets = facetsNamedIn(windowFacets(window, candidates), locale);
    return answer;
  }

  /**
   * The newest LIST_WINDOW trips the filter selects. Lists ask the same filters again and again
   * (another page, order, currency or language), so windows are kept for the catalog version they
   * were read at, while the search index can tell that version.
   */
  private async window(filter: Filter): Promise<readonly Readonly<ProductDoc>[]> {
    const version = await catalogVersion(this.docs);
    const key = JSON.stringify(filter);
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
      const sameSlug = await this.docs.collection<ProductDoc>(PRODUCTS).find({ ...visible, slug: idOrSlug });
      // On a marketplace a slug is one seller's: the seller's slug picks it (and must, when several sellers use it).
      if (storefront.kind === 'marketplace' && (sameSlug.length > 1 || options.seller)) {
        const seller = options.seller ? await this.reads.sellerBySlug(options.seller) : null;
        product = sameSlug.find((s) => s.seller_id === seller?._id) ?? null;
      } else {
        product = sameSlug[0] ?? null;
      }
    }
    if (!product) return notFound('product');
    const seller = await this.reads.seller(product.seller_id);
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

  /**
   * The departures of the window's counted options on `days`, by option then start: one read for
   * the whole list, which then decides every trip without waiting on the store.
   */
  private async departuresOn(window: readonly Readonly<ProductDoc>[], days: string[]): Promise<Departures> {
    const optionIds: string[] = [];
    for (const product of window) for (const o of product.definition.options) if (!o.sales_paused && capacityOf(o) !== null) optionIds.push(o.id);
    const byOption = new Map<string, Map<string, Readonly<Record<string, DepartureEntry>>>>();
    if (optionIds.length === 0 || days.length === 0) return byOption;
    // Starts are the date itself (open all day) or the date and a time: the last day's run up to its end.
    const range = { $gte: days[0], $lte: `${days[days.length - 1]}T99` };
    const docs = await this.docs.collection<DepartureDoc>(DEPARTURES).find({ option_id: { $in: optionIds }, start: range });
    for (const doc of docs) {
      let starts = byOption.get(doc.option_id);
      if (!starts) byOption.set(doc.option_id, (starts = new Map()));
      starts.set(doc.start, doc.entries);
    }
    return byOption;
  }
}

/**
 * Facets of the candidates. When every trip of the window is a candidate (no q, day or group price
 * left any out), they are the window's own, kept with a window that is kept (see `window`).
 */
function windowFacets(window: readonly Readonly<ProductDoc>[], candidates: readonly Candidate[]): ReturnType<typeof facetsOf> {
  if (candidates.length !== window.length) return facetsOf(candidates.map((c) => c.product));
  let facets = WINDOW_FACETS.get(window);
  if (!facets) WINDOW_FACETS.set(window, (facets = facetsOf(window)));
  return facets;
}

const WINDOW_FACETS = new WeakMap<readonly Readonly<ProductDoc>[], ReturnType<typeof facetsOf>>();

/** Trips kept in recent windows, all filters together (references to stored documents). */
const KEPT_WINDOW_TRIPS = 2_000_000;

/** Departure entries by option, then by start. */
type Departures = ReadonlyMap<string, ReadonlyMap<string, Readonly<Record<string, DepartureEntry>>>>;

/**
 * Per option definition and group size: whether the group can book it (groupCanBook) and what each
 * pays (groupEachUsd). Lists ask them of every option in the window, again and again; stored
 * documents do not change (a changed trip is a new document), so an answer lasts as long as the
 * definition it was given for.
 */
function groupFacts(option: OptionDefinition, travellers: number): { fits: boolean; eachUsd: number | null } {
  let bySize = GROUP_FACTS.get(option);
  if (!bySize) GROUP_FACTS.set(option, (bySize = new Map()));
  let facts = bySize.get(travellers);
  if (!facts) bySize.set(travellers, (facts = { fits: groupCanBook(option, travellers), eachUsd: groupEachUsd(option, travellers) }));
  return facts;
}

const GROUP_FACTS = new WeakMap<OptionDefinition, Map<number, { fits: boolean; eachUsd: number | null }>>();

/**
 * Whether a group of `travellers` could book a start of the trip on one of `days` now (spec 4.2
 * date/month): an option on sale whose limits and prices fit the group runs then, before its
 * cutoff, with places for all.
 */
function bookableOn(d: ProductDefinition, days: string[], travellers: number, now: Date, departures: Departures): boolean {
  for (const option of d.options) {
    const capacity = capacityOf(option);
    if ((capacity !== null && capacity < travellers) || !groupFacts(option, travellers).fits) continue;
    const entries = departures.get(option.id);
    const fits = capacity === null ? undefined : (start: string) => remainingPlaces(entries?.get(start), capacity, now) >= travellers;
    // A day no price table prices (outside its seasons, a weekday it is not sold) is not bookable, as its calendar says.
    const priced = days.filter((day) => pricedOn(option, day));
    if (firstBookableStart(option, d.timezone, priced, now, fits) !== null) return true;
  }
  return false;
}
