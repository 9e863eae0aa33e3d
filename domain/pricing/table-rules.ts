import { isRealDate } from '../calendar/schedule';
import type { OptionDefinition, PriceTier } from '../catalog/definitions';
import type { InputProblem } from '../shared/refusal';
import { allTables } from './tables';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A price table cell a bigger group would pay more for, per person, than a smaller group pays (PriceTableNotMonotonic). */
export interface NonMonotonicCell {
  unit_id: string;
  /** Where the tier is, e.g. options[0].pricing.tiers[2] or options[0].pricing.seasons[1].tiers[0]. */
  tier: string;
  /** The least a smaller group of the same table pays per person for the unit (USD cents): the cell may be at most this. */
  min_net_usd: number;
}

/** Each table of option `i` with the path of its tiers. */
function tablesOf(o: OptionDefinition, i: number): [string, PriceTier[]][] {
  return [
    [`options[${i}].pricing.tiers`, o.pricing.tiers],
    ...(o.pricing.seasons ?? []).map((s, k): [string, PriceTier[]] => [`options[${i}].pricing.seasons[${k}].tiers`, s.tiers]),
  ];
}

/** What the JSON Schema cannot say about option `i`'s price tables, seasons and specials. */
export function pricingProblems(o: OptionDefinition, i: number): InputProblem[] {
  const problems: InputProblem[] = [];
  const add = (field: string, reason: string, detail: string) => problems.push({ reason, field, detail });
  if (!o.ask_for_price && allTables(o).length === 0) add(`options[${i}].pricing.tiers`, 'no_price', 'an option that is not ask_for_price needs a price tier');
  const paying = o.units.filter((u) => !u.free);
  const unitIds = new Set(o.units.map((u) => u.id));
  for (const [path, tiers] of tablesOf(o, i)) {
    tiers.forEach((t, j) => {
      if (t.max_pax !== null && t.min_pax > t.max_pax) add(`${path}[${j}].min_pax`, 'min_above_max', 'min_pax is above max_pax');
      for (const unit of paying) {
        if (!o.ask_for_price && t.unit_prices[unit.id] === undefined && !t.age_prices?.[unit.id]) {
          add(`${path}[${j}].unit_prices`, 'unit_unpriced', `unit ${unit.id} has no price in this tier`);
        }
      }
      for (const unitId of Object.keys(t.unit_prices)) {
        if (!unitIds.has(unitId)) add(`${path}[${j}].unit_prices`, 'unknown_unit', `unit ${unitId} is not a unit of the option`);
      }
    });
  }
  const dated = [
    ...(o.pricing.seasons ?? []).map((s, k) => ({ at: `options[${i}].pricing.seasons[${k}]`, ...s })),
    ...(o.pricing.specials ?? []).map((s, k) => ({ at: `options[${i}].pricing.specials[${k}]`, ...s })),
  ];
  for (const d of dated) {
    for (const name of ['from', 'until'] as const) {
      const date = d[name];
      if (date !== null && !isRealDate(date)) add(`${d.at}.${name}`, 'invalid_date', 'not a real date');
    }
    if (d.from !== null && d.until !== null && d.until < d.from) add(`${d.at}.until`, 'until_before_from', 'until is before from');
    if (d.weekdays?.some((w) => !Number.isInteger(w) || w < 1 || w > 7)) add(`${d.at}.weekdays`, 'invalid_weekday', 'weekdays are 1 (Monday) to 7 (Sunday)');
  }
  (o.pricing.specials ?? []).forEach((s, k) => {
    if (!Number.isInteger(s.percent_off) || s.percent_off < 1 || s.percent_off > 99)
      add(`options[${i}].pricing.specials[${k}].percent_off`, 'invalid_value', 'percent_off is a whole number from 1 to 99');
    s.times?.forEach((time, j) => {
      if (!TIME.test(time)) add(`options[${i}].pricing.specials[${k}].times[${j}]`, 'invalid_time', 'times are HH:MM');
    });
  });
  return problems;
}

/**
 * Cells where a bigger group would pay more per person than a smaller group of the same table
 * (and unit) pays: a group could then pay less by booking as two. Free units are not priced.
 */
export function nonMonotonicCells(options: OptionDefinition[]): NonMonotonicCell[] {
  const cells: NonMonotonicCell[] = [];
  options.forEach((o, i) => {
    for (const [path, tiers] of tablesOf(o, i)) {
      const bySize = tiers.map((t, j) => ({ t, j })).sort((a, b) => a.t.min_pax - b.t.min_pax);
      for (const unit of o.units.filter((u) => !u.free)) {
        let least: number | null = null;
        for (const { t, j } of bySize) {
          const price = t.unit_prices[unit.id];
          if (price === undefined) continue;
          if (least !== null && price > least) cells.push({ unit_id: unit.id, tier: `${path}[${j}]`, min_net_usd: least });
          least = least === null ? price : Math.min(least, price);
        }
      }
    }
  });
  return cells;
}
