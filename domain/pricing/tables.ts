import Decimal from 'decimal.js';
import { DateTime } from 'luxon';
import type { OptionDefinition, PriceSeason, PriceSpecial, PriceTier } from '../catalog/definitions';

/** Why no table prices a date: no season covers it, or one does but not on that weekday. */
export type Unpriced = 'outside_season' | 'weekday';

/** ISO weekday (1 = Monday ... 7 = Sunday) of a local date 'YYYY-MM-DD'. */
function weekdayOf(date: string): number {
  return DateTime.fromISO(date, { zone: 'UTC' }).weekday;
}

const withinDates = (date: string, from: string | null, until: string | null) => (from === null || date >= from) && (until === null || date <= until);
const onWeekday = (weekday: number, weekdays: number[] | undefined) => !weekdays || weekdays.length === 0 || weekdays.includes(weekday);

/**
 * The tiers that price starts on a local date (the one rule quotes, group prices and the
 * calendar share): the first season whose dates and weekdays hold it, else the option's own
 * tiers, else why nothing prices it.
 */
export function tiersOn(option: OptionDefinition, date: string): PriceTier[] | Unpriced {
  const seasons: PriceSeason[] = option.pricing.seasons ?? [];
  if (seasons.length === 0) return option.pricing.tiers;
  const weekday = weekdayOf(date);
  const season = seasons.find((s) => withinDates(date, s.from, s.until) && onWeekday(weekday, s.weekdays));
  if (season) return season.tiers;
  if (option.pricing.tiers.length > 0) return option.pricing.tiers;
  return seasons.some((s) => withinDates(date, s.from, s.until)) ? 'weekday' : 'outside_season';
}

/** Whether anything prices starts on a local date (ask-for-price options are priced by the seller). */
export function pricedOn(option: OptionDefinition, date: string): boolean {
  return option.ask_for_price || Array.isArray(tiersOn(option, date));
}

/** Every price table of the option: its own tiers and each season's. */
export function allTables(option: OptionDefinition): PriceTier[][] {
  return [option.pricing.tiers, ...(option.pricing.seasons ?? []).map((s) => s.tiers)].filter((t) => t.length > 0);
}

/** The special that discounts a start ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM'), if any: the first that applies. */
export function specialAt(option: OptionDefinition, start: string): PriceSpecial | null {
  const specials = option.pricing.specials ?? [];
  if (specials.length === 0) return null;
  const date = start.slice(0, 10);
  const time = start.length > 10 ? start.slice(11, 16) : null;
  const weekday = weekdayOf(date);
  return (
    specials.find(
      (s) =>
        withinDates(date, s.from, s.until) && onWeekday(weekday, s.weekdays) && (!s.times || s.times.length === 0 || (time !== null && s.times.includes(time))),
    ) ?? null
  );
}

/** A unit price (USD cents) less a special's percent, rounded to whole cents once: the price the special sells at. */
export function discounted(usdCents: number, special: PriceSpecial): number {
  return new Decimal(usdCents)
    .mul(100 - special.percent_off)
    .div(100)
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .toNumber();
}
