import type { OptionDefinition, UnitDefinition } from '../../domain/catalog/definitions';
import { policyPreset } from '../../domain/policy/refund';
import { pricingCurrency } from '../../domain/pricing/currency';
import { payerUnit } from '../../domain/pricing/quote';
import type { Money } from '../../domain/shared/money';
import { Refusal, invalidInput, isRefusal, notFound, refuse } from '../../domain/shared/refusal';
import type { StorefrontContext } from '../platform/context';
import { calendar } from './calendar';
import type { SellingPlatform } from './deps';
import { visibleOption } from './options';
import { type PricingAt, type PricingDeps, type Priced, priceSelection, pricingAt } from './pricing';

export interface GroupPricesQuery {
  start?: string;
  month?: string;
  currency?: string;
  up_to?: number;
}

type Rooms = { room_type_id: string; qty: number }[];

export interface GroupPrice {
  travellers: number;
  total: Money;
  each: Money;
  unit_price: Money;
  original_unit_price: Money | null;
  confirmation: 'instant' | 'manual';
  rooms: Rooms;
}

export interface UnitPrice {
  unit_id: string;
  type: string;
  label: string;
  unit_price: Money | null;
  original_unit_price: Money | null;
}

export interface GroupPrices {
  option_id: string;
  start: string | null;
  currency: string;
  groups: GroupPrice[];
  units: UnitPrice[];
  policy: OptionDefinition['policy'] & { preset: string };
}

/** Up to 50 group sizes are priced; without up_to, up to the option's own limit, else 10 (spec 4.3). */
const MAX_UP_TO = 50;
const DEFAULT_UP_TO = 10;

/**
 * A group of travellers' quote at a start: for an option with room types, in the first rooms (least supplement
 * first) of one type that sleep the group, as a traveller would ask for them. Null when no quote can be made.
 */
function quoteGroup(at: PricingAt, units: { unit_id: string; qty: number }[], seats: number): { priced: Priced; rooms: Rooms } | null {
  const byCost = [...at.option.room_types].sort((a, b) => a.supplement - b.supplement);
  const roomings: Rooms[] = byCost.length === 0 ? [[]] : byCost.map((r) => [{ room_type_id: r.id, qty: Math.ceil(seats / r.sleeps) }]);
  for (const rooms of roomings) {
    const priced = priceSelection(at, { units, extras: [], rooms, pickup: null });
    if (!isRefusal(priced)) return { priced, rooms };
  }
  return null;
}

/** The first open start of a month of the option's calendar (this month by default), or null. */
async function firstOpenStart(
  deps: Pick<SellingPlatform, 'catalog' | 'departures' | 'vehicleDays' | 'clock'>,
  ctx: StorefrontContext,
  optionId: string,
  month?: string,
) {
  const days = await calendar(deps, ctx.storefront, optionId, month);
  if (isRefusal(days)) return days;
  for (const day of days) {
    const start = day.starts.find((s) => s.status === 'open');
    if (start) return start.time === null ? day.date : `${day.date}T${start.time}`;
  }
  return null;
}

/**
 * What groups of 1 to `up_to` travellers of the option's paying adult unit pay at a start (spec 4.3):
 * each entry is the quote for that group, made by the quote's own pricing, so the two never disagree;
 * a size that cannot be quoted is left out. `units` prices one of each other unit with the smallest group.
 */
export async function groupPrices(
  deps: PricingDeps & Pick<SellingPlatform, 'clock'>,
  ctx: StorefrontContext,
  optionId: string,
  query: GroupPricesQuery,
): Promise<GroupPrices | Refusal> {
  if (query.start !== undefined && query.month !== undefined) {
    return invalidInput([{ reason: 'invalid_value', field: 'month', detail: 'send start or month, not both' }]);
  }
  if (query.up_to !== undefined && (!Number.isInteger(query.up_to) || query.up_to < 1 || query.up_to > MAX_UP_TO)) {
    return invalidInput([{ reason: 'invalid_value', field: 'up_to', detail: `up_to is a whole number from 1 to ${MAX_UP_TO}` }]);
  }
  const found = await visibleOption(deps.catalog, ctx.storefront, optionId);
  if (!found) return notFound('option');
  const { option } = found;
  if (option.ask_for_price) return refuse('PriceNotAvailable', 'this option asks the seller for a price', { unitId: null, reason: 'ask_for_price' });
  const now = deps.clock.now();
  const start = query.start ?? (await firstOpenStart(deps, ctx, optionId, query.month));
  if (isRefusal(start)) return start;
  const policy = { ...option.policy, preset: policyPreset(option.policy) };
  if (start === null) {
    // Nothing to price this month: the currency is still checked as a quote would.
    const priced = pricingCurrency(query.currency, ctx.storefront, (currency) => deps.fx.rate(currency));
    if (isRefusal(priced)) return priced;
    return { option_id: option.id, start: null, currency: priced.currency, groups: [], units: [], policy };
  }
  const at = await pricingAt(deps, ctx, { option_id: option.id, start, currency: query.currency }, now, 'quote', found);
  if (isRefusal(at)) return at;

  const payer = payerUnit(option);
  const upTo = Math.min(query.up_to ?? option.max_units ?? DEFAULT_UP_TO, MAX_UP_TO);
  const groups: GroupPrice[] = [];
  for (let n = 1; payer && n <= upTo; n++) {
    const quoted = quoteGroup(at, [{ unit_id: payer.id, qty: n }], payer.takes_seat ? n : 0);
    if (!quoted) continue;
    const { quote } = quoted.priced;
    const line = quote.lines.find((l) => l.kind === 'unit' && l.ref === payer.id);
    if (!line) continue;
    const total = quote.totals.grand_total;
    groups.push({
      travellers: n,
      total,
      // Shared out and rounded up, so the shares never add up to less than the total.
      each: { amount: Math.ceil(total.amount / n), currency: total.currency },
      unit_price: line.unit_price,
      original_unit_price: line.original_unit_price,
      confirmation: quote.confirmation,
      rooms: quoted.rooms,
    });
  }
  const smallest = groups[0]?.travellers ?? null;
  const units = option.units.filter((u) => u.id !== payer?.id).map((u) => unitPrice(at, u, payer, smallest));
  return { option_id: option.id, start, currency: at.fx.quote, groups, units, policy };
}

/** One traveller of another unit with the smallest group: its line of that quote, or no price when none can be made. */
function unitPrice(at: PricingAt, unit: UnitDefinition, payer: UnitDefinition | undefined, smallest: number | null): UnitPrice {
  const none = { unit_id: unit.id, type: unit.type, label: unit.label, unit_price: null, original_unit_price: null };
  if (!payer || smallest === null) return none;
  const seats = (payer.takes_seat ? smallest : 0) + (unit.takes_seat ? 1 : 0);
  const quoted = quoteGroup(
    at,
    [
      { unit_id: payer.id, qty: smallest },
      { unit_id: unit.id, qty: 1 },
    ],
    seats,
  );
  const line = quoted?.priced.quote.lines.find((l) => l.kind === 'unit' && l.ref === unit.id);
  return line ? { ...none, unit_price: line.unit_price, original_unit_price: line.original_unit_price } : none;
}
