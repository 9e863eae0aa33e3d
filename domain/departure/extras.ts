import type { ExtraDefinition } from '../catalog/definitions';
import { Refusal, refuse } from '../shared/refusal';
import { type DepartureEntry, takesPlaces } from './events';

/** Units of each extra asked for, by extra id: what a hold takes of the extras' stock at its start. */
export type ExtraCounts = Record<string, number>;

/** The stock per start of the extras this option offers that have one (absent: unlimited). */
export function extraStockOf(extras: readonly ExtraDefinition[], optionId: string): ExtraCounts {
  const stock: ExtraCounts = {};
  for (const e of extras) {
    if (e.stock_per_start !== undefined && (e.option_ids.length === 0 || e.option_ids.includes(optionId))) stock[e.id] = e.stock_per_start;
  }
  return stock;
}

/** Only the extras asked for that have a stock: the units a hold records and counts against it. */
export function stockedExtras(asked: readonly { extra_id: string; qty: number }[], stock: ExtraCounts): ExtraCounts {
  const counted: ExtraCounts = {};
  for (const { extra_id, qty } of asked) if (stock[extra_id] !== undefined && qty > 0) counted[extra_id] = qty;
  return counted;
}

/**
 * Units of each stocked extra still for sale at `now`: the stock less what held (unexpired) and
 * booked entries took, never below zero. Counted like places, on the write and the read side.
 */
export function extrasLeft(entries: Readonly<Record<string, DepartureEntry>> | undefined, stock: ExtraCounts, now: Date): ExtraCounts {
  const left: ExtraCounts = { ...stock };
  if (Object.keys(left).length === 0) return left;
  for (const entry of Object.values(entries ?? {})) {
    if (!entry.extras || !takesPlaces(entry, now)) continue;
    for (const [id, qty] of Object.entries(entry.extras)) if (left[id] !== undefined) left[id] -= qty;
  }
  for (const id of Object.keys(left)) left[id] = Math.max(0, left[id]);
  return left;
}

/** Whether the extras asked for fit in what is left of their stock (spec part 7 ExtraSoldOut). */
export function extrasRefusal(left: ExtraCounts, asked: ExtraCounts): Refusal | null {
  for (const [extraId, qty] of Object.entries(asked)) {
    const remaining = left[extraId];
    if (remaining === undefined || remaining >= qty) continue;
    const detail = remaining === 0 ? 'this extra is sold out at this start' : `only ${remaining} of this extra left at this start`;
    return refuse('ExtraSoldOut', detail, { extraId });
  }
  return null;
}
