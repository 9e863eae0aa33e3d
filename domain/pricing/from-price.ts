import type { OptionDefinition, PriceSpecial, PriceTier, ProductDefinition } from '../catalog/definitions';
import { isoWeekday, startsOn } from '../calendar/schedule';
import { payerUnit, tierFor } from './quote';
import { vehicleCapacityRefusal } from '../vehicle-day/rules';
import { allTables, discounted, specialAt, tiersOn } from './tables';

/**
 * The lowest per-person price (USD cents) the trip can be booked at, and for how many
 * travellers: each option on sale's cheapest paying adult-type unit at the smallest
 * group its tiers allow, in any of its tables (its own and its seasons'), and at the price of
 * each special that discounts a start the option runs from `today` (the trip's local date the
 * catalog changed) on, within a year. A trip whose options are all paused keeps the price it has when
 * they are back on sale. Null when no such option has a price (ask the seller).
 */
export function fromPriceUsd(product: ProductDefinition, today: string | null = null): { amount: number; group_size: number } | null {
  const onSale = product.options.filter((o) => !o.sales_paused);
  let best: { amount: number; group_size: number } | null = null;
  for (const option of onSale.length > 0 ? onSale : product.options) {
    const candidate = optionFromPrice(option, today);
    if (candidate && (!best || candidate.amount < best.amount)) best = candidate;
  }
  return best;
}

/**
 * The USD-cent bounds of a range of shown prices (minor units of another currency): the
 * amounts `shown` turns into `min` or more, and into `max` or less. `shown` is the list's own
 * conversion and rounding, so a trip shown at exactly a bound stays in; it never falls as
 * USD grows, so each bound is found by bisection. Null bounds are open.
 */
export function usdRange(shown: (usd: number) => number, min: number | null, max: number | null): { min: number | null; max: number | null } {
  // Beyond any price a seller can set (USD cents), so the search always ends.
  const ceiling = 2 ** 52;
  /** The least USD amount shown at `bound` or more; `ceiling` when none is. */
  const leastReaching = (bound: number): number => {
    let low = 0;
    let high = ceiling;
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (shown(mid) >= bound) high = mid;
      else low = mid + 1;
    }
    return low;
  };
  return {
    min: min === null ? null : leastReaching(min),
    // The amounts shown at max or less are those below the least shown above max.
    max: max === null ? null : leastReaching(max + 1) - 1,
  };
}

function optionFromPrice(option: OptionDefinition, today: string | null): { amount: number; group_size: number } | null {
  if (option.ask_for_price) return null;
  let best = cheapestIn(option, allTables(option).flat(), null);
  for (const { tiers, special } of today === null ? [] : specialsAhead(option, today)) {
    const candidate = cheapestIn(option, tiers, special);
    if (candidate && (!best || candidate.amount < best.amount)) best = candidate;
  }
  return best;
}

/** How many days ahead from_price looks for specials. */
const SPECIAL_DAYS_AHEAD = 366;

/** Each special that discounts a start the option runs from `today` on, with the tiers that price that start's day (once each). */
function specialsAhead(option: OptionDefinition, today: string): { tiers: PriceTier[]; special: PriceSpecial }[] {
  const specials = option.pricing.specials ?? [];
  if (specials.length === 0) return [];
  const found: { tiers: PriceTier[]; special: PriceSpecial }[] = [];
  // Every special on every table found: the days after can add nothing.
  const most = specials.length * allTables(option).length;
  const day = new Date(`${today}T00:00:00Z`);
  const first = specials.reduce((min, s) => (s.from < min ? s.from : min), specials[0].from);
  if (first > today) day.setTime(Date.parse(`${first}T00:00:00Z`));
  const end = new Date(`${today}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + SPECIAL_DAYS_AHEAD);
  for (; day < end && found.length < most; day.setUTCDate(day.getUTCDate() + 1)) {
    const date = day.toISOString().slice(0, 10);
    if (!specials.some((s) => date >= s.from && date <= s.until)) {
      if (specials.every((s) => date > s.until)) break;
      continue;
    }
    const tiers = tiersOn(option, date);
    if (!Array.isArray(tiers)) continue;
    const weekday = isoWeekday(date);
    for (const start of startsOn(option, date)) {
      // specialAt says which special prices the start (the first that applies); most starts have none.
      if (!specials.some((s) => mayDiscount(s, date, weekday, start.slice(11, 16)))) continue;
      const special = specialAt(option, start);
      if (special && !found.some((f) => f.special === special && f.tiers === tiers)) found.push({ tiers, special });
    }
  }
  return found;
}

const mayDiscount = (s: PriceSpecial, date: string, weekday: number, time: string) =>
  date >= s.from &&
  date <= s.until &&
  (!s.weekdays || s.weekdays.length === 0 || s.weekdays.includes(weekday)) &&
  (!s.times || s.times.length === 0 || time === '' || s.times.includes(time));

/** The cheapest paying adult-type unit price in `tiers` (less `special`, when one applies) at the smallest group that can book it. */
function cheapestIn(option: OptionDefinition, tiers: PriceTier[], special: PriceSpecial | null): { amount: number; group_size: number } | null {
  const payers = option.units.filter((u) => !u.free && u.type !== 'child' && u.type !== 'infant');
  let best: { amount: number; group_size: number } | null = null;
  for (const tier of tiers) {
    for (const unit of payers) {
      // The smallest group that can actually book this unit in this tier.
      const groupSize = Math.max(tier.min_pax, option.min_units ?? 1, unit.min_qty ?? 1);
      if (tier.max_pax !== null && groupSize > tier.max_pax) continue;
      if (unit.max_qty !== null && groupSize > unit.max_qty) continue;
      const usd = tier.unit_prices[unit.id];
      // A special sells a priced unit at its discount, as the quote does (domain/pricing/quote unitLines).
      const amount = usd === undefined ? undefined : special && usd > 0 ? discounted(usd, special) : usd;
      if (amount !== undefined && (!best || amount < best.amount)) best = { amount, group_size: groupSize };
    }
  }
  return best;
}

/**
 * Whether a group of `n` travellers of the option's paying adult kind could book it:
 * within the option's and the unit's limits, seated by the most vehicles a booking may take
 * (VehicleCapacityExceeded, as the quote counts them), and priced for that size in one of its
 * tables (or asking for a price).
 */
export function groupCanBook(option: OptionDefinition, n: number): boolean {
  if (option.sales_paused) return false;
  if (n < (option.min_units ?? 1) || (option.max_units !== null && n > option.max_units)) return false;
  const payer = payerUnit(option);
  if (!payer || (payer.min_qty !== null && n < payer.min_qty) || (payer.max_qty !== null && n > payer.max_qty)) return false;
  if (option.vehicle && option.vehicles && vehicleCapacityRefusal(option.vehicles, payer.takes_seat ? n : 0)) return false;
  if (option.ask_for_price) return true;
  return allTables(option).some((tiers) => tierFor(tiers, n)?.unit_prices[payer.id] !== undefined);
}

/**
 * What each of a group of `n` pays (USD cents) on the option when no date is asked, found as
 * from_price is (fromPriceUsd): the adult price of the tier for that size at its cheapest, in any
 * of the option's tables and at each special that discounts a start from `today` on. So a card's
 * group price for from_price's group size is from_price, and a quote at that start agrees.
 */
export function groupEachUsd(option: OptionDefinition, n: number, today: string | null): number | null {
  if (option.ask_for_price || !groupCanBook(option, n)) return null;
  const payer = payerUnit(option);
  if (!payer) return null;
  let best: number | null = null;
  const priced = (tiers: PriceTier[], special: PriceSpecial | null) => {
    const usd = tierFor(tiers, n)?.unit_prices[payer.id];
    if (usd === undefined) return;
    const amount = special && usd > 0 ? discounted(usd, special) : usd;
    if (best === null || amount < best) best = amount;
  };
  for (const tiers of allTables(option)) priced(tiers, null);
  for (const { tiers, special } of today === null ? [] : specialsAhead(option, today)) priced(tiers, special);
  return best;
}
