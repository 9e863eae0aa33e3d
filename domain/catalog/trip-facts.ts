import type { OptionDefinition, ProductDefinition } from './definitions';

/** Facts about a trip that lists filter, sort and count by (spec 4.2). */

/** The option a list judges a trip by: the default one on sale, else the first on sale. */
export function mainOption(definition: ProductDefinition): OptionDefinition | undefined {
  const onSale = definition.options.filter((o) => !o.sales_paused);
  return onSale.find((o) => o.is_default) ?? onSale[0];
}

export function salesPaused(definition: ProductDefinition): boolean {
  return definition.options.every((o) => o.sales_paused);
}

/** The length buckets then the days buckets of the duration filter and facet (spec 4.2). */
export const DURATION_BUCKETS: Record<string, (d: ProductDefinition) => boolean> = {
  up_to_3h: (d) => d.duration_minutes !== null && d.duration_minutes <= 180,
  '3h_to_6h': (d) => d.duration_minutes !== null && d.duration_minutes > 180 && d.duration_minutes <= 360,
  full_day: (d) => d.duration_minutes !== null && d.duration_minutes > 360,
  multi_day: (d) => (d.duration_days ?? 0) >= 2,
  days_2_3: (d) => (d.duration_days ?? 0) >= 2 && (d.duration_days ?? 0) <= 3,
  days_4_7: (d) => (d.duration_days ?? 0) >= 4 && (d.duration_days ?? 0) <= 7,
  days_8_plus: (d) => (d.duration_days ?? 0) >= 8,
};

/** Whether the main option is private or shared; null for a trip with no option on sale (spec 4.2 style). */
export function styleOf(d: ProductDefinition): 'private' | 'shared' | null {
  const main = mainOption(d);
  return main ? (main.private ? 'private' : 'shared') : null;
}

/** An option on sale picks up where travellers stay (spec 4.2 pickup=hotel). */
export function picksUp(d: ProductDefinition): boolean {
  return d.options.some((o) => !o.sales_paused && o.pickup !== null);
}

/** Length in minutes (a day counts 1440), for sorting by duration; null when unknown. */
export function durationKey(d: ProductDefinition): number | null {
  if (d.duration_minutes !== null) return d.duration_minutes;
  return d.duration_days !== null ? d.duration_days * 1440 : null;
}
