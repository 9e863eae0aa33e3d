import { requestLapsesAt } from '../../domain/booking';
import { checkStart } from '../../domain/calendar/schedule';
import type { OptionDefinition } from '../../domain/catalog/definitions';
import { roundingFor } from '../../domain/shared/money';
import { methodsOpen, paymentWindowClosed } from '../../domain/payment/methods';
import { placesRefusal } from '../../domain/departure';
import { pricingCurrency } from '../../domain/pricing/currency';
import { Quote, Selection, priceQuote, seatsOf } from '../../domain/pricing/quote';
import { Refusal, isRefusal, notFound, refuse } from '../../domain/shared/refusal';
import type { ProductDoc } from '../../projections/catalog/queries';
import type { StorefrontContext } from '../platform/context';
import type { SellingPlatform } from './deps';
import { selectionOf, type SelectionBody } from './selection';

export interface Priced {
  product: Readonly<ProductDoc>;
  option: OptionDefinition;
  quote: Quote;
  selection: Selection;
  places: number;
}

export type PricingDeps = Pick<SellingPlatform, 'catalog' | 'departures' | 'fx' | 'settings'>;

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
  const found = await deps.catalog.visibleOption(ctx.storefront, body.option_id);
  if (!found) return notFound('option');
  const { product, option } = found;
  const priced = pricingCurrency(body.currency, ctx.storefront, (currency) => deps.fx.rate(currency));
  if (isRefusal(priced)) return priced;
  const startRefusal = checkStart(option, body.start, product.definition.timezone, now);
  if (startRefusal) return startRefusal;
  if (purpose !== 'request') {
    const seller = await deps.catalog.seller(product.seller_id);
    const closed = paymentWindowClosed(seller?.payment_methods ?? [], body.start, product.definition.timezone, now);
    if (closed) return closed;
  }
  if (option.capacity_mode === 'on_request' && purpose !== 'request') {
    return refuse('OnRequest', 'this option is booked on request: check out the selection without a hold');
  }
  const selection = selectionOf(body);
  const remaining = await deps.departures.remaining(option, body.start, now);
  const quote = priceQuote({
    product: product.definition,
    option: pricedAs(option),
    selection,
    fx: priced.fx,
    rounding: roundingFor(ctx.storefront.rounding, priced.currency),
    remaining,
    pendingExpiresAt: requestLapsesAt(now, deps.settings.pendingHours, body.start, product.definition.timezone),
  });
  if (isRefusal(quote)) return quote;
  const places = seatsOf(option, selection);
  const full = placesRefusal(remaining, places);
  if (full) return full;
  return { product, option, quote, selection, places };
}

/** Ways to pay for a start: only those whose time to pay ends before it (spec 4.3). */
export async function paymentMethods(
  deps: Pick<SellingPlatform, 'catalog' | 'clock'>,
  ctx: StorefrontContext,
  optionId: string,
  start: string,
): Promise<{ kind: string; deadline_hours: number | null; currencies: string[] }[] | Refusal> {
  const found = await deps.catalog.visibleOption(ctx.storefront, optionId);
  if (!found) return notFound('option');
  const timezone = found.product.definition.timezone;
  const now = deps.clock.now();
  const refusal = checkStart(found.option, start, timezone, now);
  if (refusal?.code === 'InvalidInput') return refusal;
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
