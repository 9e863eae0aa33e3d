import { requestLapsesAt } from '../../domain/booking';
import { checkStart } from '../../domain/calendar/schedule';
import type { OptionDefinition } from '../../domain/catalog/definitions';
import { Rounding, roundingFor } from '../../domain/shared/money';
import { methodsOpen, paymentWindowClosed } from '../../domain/payment/methods';
import { type ExtraCounts, extraStockOf, extrasRefusal, placesRefusal, stockedExtras } from '../../domain/departure';
import { pricingCurrency } from '../../domain/pricing/currency';
import { FxRate, Quote, Selection, confirmationOf, priceQuote, seatsOf } from '../../domain/pricing/quote';
import { Refusal, isRefusal, notFound, refuse } from '../../domain/shared/refusal';
import type { ProductDoc } from '../../projections/catalog/queries';
import type { StorefrontContext } from '../platform/context';
import type { SellingPlatform } from './deps';
import { visibleOption } from './options';
import { pickupShapeRefusal, selectionOf, type SelectionBody } from './selection';

export interface Priced {
  product: Readonly<ProductDoc>;
  option: OptionDefinition;
  quote: Quote;
  selection: Selection;
  places: number;
  /** Units of stocked extras the selection takes, and their stock per start, for the departure to hold. */
  extras: ExtraCounts;
  extraStock: ExtraCounts;
  /** Whether the read model has seen anything at this start: a hold on a start it has not is likely its first. */
  departureRecorded: boolean;
}

export type PricingDeps = Pick<SellingPlatform, 'catalog' | 'departures' | 'vehicleDays' | 'fx' | 'settings'>;

/** Everything a start's quotes share, read once: the option, the rate, places left and when a request would lapse. */
export interface PricingAt {
  product: Readonly<ProductDoc>;
  option: OptionDefinition;
  start: string;
  fx: FxRate;
  rounding: Rounding;
  remaining: number | null;
  departureRecorded: boolean;
  extraStock: ExtraCounts;
  extrasLeft: ExtraCounts;
  /** Vehicles left on the start's day when the option has a daily limit; null otherwise. */
  vehiclesLeft: number | null;
  pendingExpiresAt: string | null;
  /** Today's rate of a currency local lines are paid in (grand_total counts them in the quote's currency). */
  rateOf: (currency: string) => string | null;
}

/** Reads what pricing a start needs, with every refusal a quote can give before the selection is looked at. */
export async function pricingAt(
  deps: PricingDeps,
  ctx: StorefrontContext,
  asked: { option_id: string; start: string; currency?: string },
  now: Date,
  purpose: 'quote' | 'hold' | 'request',
  /** The option as the caller already read it (group prices read it first), else read here. */
  visible?: { product: Readonly<ProductDoc>; option: OptionDefinition },
): Promise<PricingAt | Refusal> {
  const found = visible ?? (await visibleOption(deps.catalog, ctx.storefront, asked.option_id));
  if (!found) return notFound('option');
  const { product, option } = found;
  const priced = pricingCurrency(asked.currency, ctx.storefront, (currency) => deps.fx.rate(currency));
  if (isRefusal(priced)) return priced;
  const startRefusal = checkStart(option, asked.start, product.definition.timezone, now);
  if (startRefusal) return startRefusal;
  const extraStock = extraStockOf(product.definition.extras, option.id);
  const departure = await deps.departures.startAt(option, asked.start, extraStock, now);
  if (departure.calledOff) return refuse('SlotClosed', 'the seller called this start off: it does not run');
  if (purpose !== 'request') {
    const seller = await deps.catalog.seller(product.seller_id);
    const closed = paymentWindowClosed(seller?.payment_methods ?? [], asked.start, product.definition.timezone, now);
    if (closed) return closed;
  }
  if (option.capacity_mode === 'on_request' && purpose !== 'request') {
    return refuse('OnRequest', 'this option is booked on request: check out the selection without a hold');
  }
  return {
    product,
    option,
    start: asked.start,
    fx: priced.fx,
    rounding: roundingFor(ctx.storefront.rounding, priced.currency),
    remaining: departure.remaining,
    departureRecorded: departure.recorded,
    extraStock,
    extrasLeft: departure.extrasLeft,
    vehiclesLeft: await deps.vehicleDays.leftOn(option, asked.start, now),
    // Only a request the seller answers lapses; working it out for every quote would cost a zone conversion.
    pendingExpiresAt: confirmationOf(option) === 'manual' ? requestLapsesAt(now, deps.settings.pendingHours, asked.start, product.definition.timezone) : null,
    rateOf: (currency) => deps.fx.rate(currency)?.rate ?? null,
  };
}

/** Prices one selection at a start already read: the quote, or its refusal (places included). */
export function priceSelection(
  at: PricingAt,
  selection: Selection,
  pricedAs: (option: OptionDefinition) => OptionDefinition = (option) => option,
): Priced | Refusal {
  const { product, option } = at;
  const quote = priceQuote({
    product: product.definition,
    option: pricedAs(option),
    start: at.start,
    selection,
    fx: at.fx,
    rounding: at.rounding,
    remaining: at.remaining,
    pendingExpiresAt: at.pendingExpiresAt,
    vehiclesLeft: at.vehiclesLeft,
    rateOf: at.rateOf,
  });
  if (isRefusal(quote)) return quote;
  const places = seatsOf(option, selection);
  const full = placesRefusal(at.remaining, places);
  if (full) return full;
  const extras = stockedExtras(selection.extras, at.extraStock);
  const short = extrasRefusal(at.extrasLeft, extras);
  if (short) return short;
  return { product, option, quote, selection, places, extras, extraStock: at.extraStock, departureRecorded: at.departureRecorded };
}

/** Prices a selection at a start, with every refusal a quote can give. */
export async function price(
  deps: PricingDeps,
  ctx: StorefrontContext,
  body: SelectionBody,
  now: Date,
  purpose: 'quote' | 'hold' | 'request',
  /** How the option is priced: as published, or as a seller's offer prices it (application/enquiries). */
  pricedAs: (option: OptionDefinition) => OptionDefinition = (option) => option,
): Promise<Priced | Refusal> {
  const malformed = pickupShapeRefusal(body.pickup);
  if (malformed) return malformed;
  const at = await pricingAt(deps, ctx, body, now, purpose);
  return isRefusal(at) ? at : priceSelection(at, selectionOf(body), pricedAs);
}

/** Ways to pay for a start: only those whose time to pay ends before it (spec 4.3). */
export async function paymentMethods(
  deps: Pick<SellingPlatform, 'catalog' | 'clock' | 'departures'>,
  ctx: StorefrontContext,
  optionId: string,
  start: string,
): Promise<{ kind: string; deadline_hours: number | null; currencies: string[] }[] | Refusal> {
  const found = await visibleOption(deps.catalog, ctx.storefront, optionId);
  if (!found) return notFound('option');
  const timezone = found.product.definition.timezone;
  const now = deps.clock.now();
  const refusal = checkStart(found.option, start, timezone, now);
  if (refusal?.code === 'InvalidInput') return refusal;
  // A start the option does not run, past its cutoff or called off cannot be booked: nothing is offered to pay for it.
  if (refusal || (await deps.departures.calledOff(optionId, start))) return [];
  const seller = await deps.catalog.seller(found.product.seller_id);
  return methodsOpen(seller?.payment_methods ?? [], start, timezone, now).map((m) => ({
    kind: m.kind,
    deadline_hours: m.deadline_hours,
    currencies: m.currencies,
  }));
}

export async function quote(deps: PricingDeps & Pick<SellingPlatform, 'clock'>, ctx: StorefrontContext, body: SelectionBody): Promise<Quote | Refusal> {
  const priced = await price(deps, ctx, body, deps.clock.now(), 'quote');
  return isRefusal(priced) ? priced : priced.quote;
}
