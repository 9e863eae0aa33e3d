import { DateTime } from 'luxon';
import { checkStartRuns } from '../../domain/calendar/schedule';
import type { OptionDefinition, PickupAsk, PickupRule } from '../../domain/catalog/definitions';
import { pickupArea, resolvePickup, shapeContains, type PickupWhere } from '../../domain/pickup';
import { pricingCurrency } from '../../domain/pricing/currency';
import { Money, roundingFor, usdConverter } from '../../domain/shared/money';
import { Refusal, invalidInput, isRefusal, notFound } from '../../domain/shared/refusal';
import { PRODUCTS } from '../../projections/catalog/doc';
import { CatalogReads, visibleProducts, type ProductDoc } from '../../projections/catalog/queries';
import type { StorefrontContext, StorefrontDoc } from '../platform/context';
import type { Fx } from '../platform/ports/fx';
import type { DocumentStore } from '../platform/ports/document-store';
import { PICKUP_PLACES, pickupPlace, type PickupPlace, type PickupPlaceKind } from './places';
import { searchPlaces } from './search';

/** As many places as a type-ahead list shows. */
const SEARCH_LIMIT = 10;

export interface PlaceFound {
  id: string;
  name: string;
  kind: PickupPlaceKind;
  lat: number;
  lng: number;
}

/** The answer of GET /v1/public/options/{optionId}/pickup/resolve. */
export type PickupResolution =
  | {
      offered: true;
      area: ReturnType<typeof pickupArea>;
      window: { from_min: number; to_min: number; from: string | null; to: string | null } | null;
      price: Money;
      asks: PickupAsk[];
    }
  | { offered: false; reason: string };

export interface ResolveQuery {
  place_id?: string;
  lat?: number;
  lng?: number;
  currency?: string;
  start?: string;
}

/**
 * A pickup place or area id as the quote resolves it: a library place brings its coordinates, so
 * the option's area shapes decide; anything else stays as given.
 */
export function locatePickup<W extends PickupWhere>(where: W): W {
  const place = where.place_id === undefined ? undefined : pickupPlace(where.place_id);
  return place && where.lat === undefined && where.lng === undefined ? { ...where, lat: place.lat, lng: place.lng } : where;
}

type Trip = { definition: { options: Pick<OptionDefinition, 'sales_paused' | 'pickup'>[] } };

/** Places search and pickup resolve (spec 4.3), read from the catalog projection and the place library. */
export class PickupQueries {
  private readonly catalog: CatalogReads;

  constructor(
    private readonly docs: DocumentStore,
    private readonly fx: Fx,
  ) {
    this.catalog = new CatalogReads(docs);
  }

  /** The shaped pickup areas of the storefront's trips' options on sale: a library place is theirs when one covers it. */
  private async areas(storefront: StorefrontDoc): Promise<PickupRule[]> {
    const trips = (await this.docs
      .collection<ProductDoc>(PRODUCTS)
      .find(visibleProducts(storefront), { projection: { 'definition.options.sales_paused': 1, 'definition.options.pickup': 1 } })) as Trip[];
    return trips.flatMap((t) => t.definition.options.filter((o) => !o.sales_paused).flatMap((o) => o.pickup?.rules ?? [])).filter((r) => r.shape);
  }

  async search(storefront: StorefrontDoc, q: string, locale = 'en'): Promise<{ data: PlaceFound[] }> {
    const areas = await this.areas(storefront);
    const ours = PICKUP_PLACES.filter((p: PickupPlace) => areas.some((a) => a.shape && shapeContains(a.shape, p)));
    const data = searchPlaces(ours, q, locale, SEARCH_LIMIT).map(({ place, name }) => ({
      id: place.id,
      name,
      kind: place.kind,
      lat: place.lat,
      lng: place.lng,
    }));
    return { data };
  }

  async resolve(ctx: StorefrontContext, optionId: string, query: ResolveQuery): Promise<PickupResolution | Refusal> {
    const where = whereOf(query);
    if (isRefusal(where)) return where;
    const found = await this.catalog.visibleOption(ctx.storefront, optionId);
    if (!found) return notFound('option');
    // A start is a real one the option runs (spec 7), or its window would be made up.
    const startRefusal = query.start === undefined ? null : checkStartRuns(found.option, query.start, found.product.definition.timezone);
    if (startRefusal) return startRefusal;
    const priced = pricingCurrency(query.currency, ctx.storefront, (currency) => this.fx.rate(currency));
    if (isRefusal(priced)) return priced;
    const rule = resolvePickup(found.option.pickup, locatePickup(where));
    if (isRefusal(rule)) return { offered: false, reason: String(rule.fields.reason) };
    const convert = usdConverter(priced.fx, roundingFor(ctx.storefront.rounding, priced.currency));
    return {
      offered: true,
      area: pickupArea(rule),
      window: rule.window ? { ...rule.window, ...windowAt(query.start, found.product.definition.timezone, rule.window) } : null,
      price: convert(rule.price),
      asks: rule.asks ?? [],
    };
  }
}

/** Either a place id, or both coordinates. */
function whereOf(query: ResolveQuery): PickupWhere | Refusal {
  if (query.place_id !== undefined && query.lat === undefined && query.lng === undefined) return { place_id: query.place_id };
  if (query.place_id === undefined && query.lat !== undefined && query.lng !== undefined) return { lat: query.lat, lng: query.lng };
  return invalidInput([{ reason: 'pickup_where', field: 'place_id', detail: 'give either place_id, or both lat and lng' }]);
}

/** The window's local date-times before a start (YYYY-MM-DDTHH:MM in the trip's zone); null without a timed start. */
function windowAt(start: string | undefined, timezone: string, window: { from_min: number; to_min: number }): { from: string | null; to: string | null } {
  const at = start && start.length > 10 ? DateTime.fromISO(start, { zone: timezone }) : null;
  if (!at || !at.isValid) return { from: null, to: null };
  const local = (minutes: number) => at.minus({ minutes }).toFormat("yyyy-LL-dd'T'HH:mm");
  return { from: local(window.from_min), to: local(window.to_min) };
}
