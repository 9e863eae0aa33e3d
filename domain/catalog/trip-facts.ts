import type { OptionDefinition, PickupKind, PickupRule, ProductDefinition } from './definitions';
import { confirmationOf } from '../pricing/quote';

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

/** Every duration bucket the trip falls in (a multi-day trip is in multi_day and in its days bucket). */
export function durationBuckets(d: ProductDefinition): string[] {
  return Object.keys(DURATION_BUCKETS).filter((bucket) => DURATION_BUCKETS[bucket](d));
}

/** Whether the main option is private or shared; null for a trip with no option on sale (spec 4.2 style). */
export function styleOf(d: ProductDefinition): 'private' | 'shared' | null {
  const main = mainOption(d);
  return main ? (main.private ? 'private' : 'shared') : null;
}

/** A pickup rule's kind; rules written before kinds existed came to where travellers stay. */
export function pickupKind(rule: PickupRule): PickupKind {
  return rule.kind ?? 'hotel';
}

/** The kinds of pickup the trip's options on sale offer, each once. */
export function pickupKinds(d: ProductDefinition): PickupKind[] {
  const kinds = d.options.filter((o) => !o.sales_paused).flatMap((o) => o.pickup?.rules.map(pickupKind) ?? []);
  return [...new Set(kinds)].sort();
}

/** An option on sale picks up where travellers stay (spec 4.2 pickup=hotel): a meeting point, airport or port does not count. */
export function picksUp(d: ProductDefinition): boolean {
  return pickupKinds(d).includes('hotel');
}

/** How the trip's options on sale are confirmed, each once: `instant` when one confirms at once (spec 4.2 confirmation). */
export function confirmations(d: ProductDefinition): ('instant' | 'manual')[] {
  return [...new Set(d.options.filter((o) => !o.sales_paused).map(confirmationOf))].sort();
}

/**
 * Whether the list shows a price for the trip or travellers ask the seller for one (spec 4.2 price):
 * `shown` when it has a from price, `ask` when an option on sale asks for a price instead, and null
 * for neither (a trip whose options are all paused and unpriced): such a trip is in no price filter
 * and never sorts with the ask-for-price trips.
 */
export function priceKind(d: ProductDefinition, fromPrice: { amount: number } | null): 'shown' | 'ask' | null {
  if (fromPrice) return 'shown';
  return d.options.some((o) => !o.sales_paused && o.ask_for_price) ? 'ask' : null;
}

/** Length in minutes (a day counts 1440), for sorting by duration; null when unknown. */
export function durationKey(d: ProductDefinition): number | null {
  if (d.duration_minutes !== null) return d.duration_minutes;
  return d.duration_days !== null ? d.duration_days * 1440 : null;
}
