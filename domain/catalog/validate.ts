import { IANAZone } from 'luxon';
import { isRealDate } from '../calendar/schedule';
import { isKnownCurrency } from '../shared/money';
import type { InputProblem } from '../shared/refusal';
import { pricingProblems } from '../pricing/table-rules';
import { type OptionDefinition, PICKUP_KINDS, type ProductDefinition, type SellerDefinition, type StorefrontDefinition } from './definitions';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Every id a product gives its options, units, room types and extras. */
export function itemIds(p: ProductDefinition): string[] {
  return [...p.options.flatMap((o) => [o.id, ...o.units.map((u) => u.id), ...o.room_types.map((r) => r.id)]), ...p.extras.map((e) => e.id)];
}

/** What other products of the catalog already use: ids are unique everywhere, slugs per seller. */
export interface CatalogTaken {
  ids: string[];
  slug: boolean;
}

/** Rules across fields that a JSON Schema cannot say; the shape itself is checked before. */
export function productProblems(p: ProductDefinition, taken: CatalogTaken = { ids: [], slug: false }): InputProblem[] {
  const problems: InputProblem[] = [];
  const add = (field: string, reason: string, detail: string) => problems.push({ reason, field, detail });
  if (taken.slug) add('slug', 'slug_taken', 'another of your products has this slug');
  const takenIds = new Set(taken.ids);
  // create() keeps each zone it made, valid or not: seeding thousands of trips asks for the same few zones.
  if (!IANAZone.create(p.timezone).isValid) add('timezone', 'unknown_timezone', 'timezone must be an IANA zone name');
  if (!p.content[p.default_locale]) add('content', 'default_locale_missing', 'content must include the default locale');
  if (p.options.length === 0) add('options', 'no_options', 'a trip needs at least one option');
  if (p.options.filter((o) => o.is_default).length > 1) add('options', 'several_defaults', 'at most one option is the default');
  const ids = new Set<string>();
  const unique = (id: string, field: string) => {
    if (ids.has(id)) add(field, 'duplicate_id', `id ${id} is used twice`);
    if (takenIds.has(id)) add(field, 'id_taken', `id ${id} belongs to another product`);
    ids.add(id);
  };
  const optionIds = new Set(p.options.map((o) => o.id));
  p.options.forEach((o, i) => {
    unique(o.id, `options[${i}].id`);
    o.units.forEach((u, j) => {
      unique(u.id, `options[${i}].units[${j}].id`);
      if (u.min_qty !== null && u.max_qty !== null && u.min_qty > u.max_qty)
        add(`options[${i}].units[${j}].min_qty`, 'min_above_max', 'min_qty is above max_qty');
      if (u.min_age !== null && u.max_age !== null && u.min_age > u.max_age)
        add(`options[${i}].units[${j}].min_age`, 'min_above_max', 'min_age is above max_age');
    });
    if (o.min_units !== null && o.max_units !== null && o.min_units > o.max_units)
      add(`options[${i}].min_units`, 'min_above_max', 'min_units is above max_units');
    problems.push(...pricingProblems(o, i));
    if (!o.units.some((u) => ['adult', 'senior', 'student'].includes(u.type))) {
      add(`options[${i}].units`, 'no_accompanying_unit', 'an option needs a unit that may travel on its own (adult, senior or student)');
    }
    if (new Set(o.availability.times).size !== o.availability.times.length)
      add(`options[${i}].availability.times`, 'duplicate_time', 'a start time is listed twice');
    if (o.availability.until !== null && o.availability.until < o.availability.from)
      add(`options[${i}].availability.until`, 'until_before_from', 'until is before from');
    o.policy.tiers.forEach((t, j) => {
      if (t.to_days !== null && t.from_days >= t.to_days) add(`options[${i}].policy.tiers[${j}].to_days`, 'empty_range', 'to_days must be above from_days');
    });
    if (o.policy.tiers.length === 0) add(`options[${i}].policy.tiers`, 'no_tiers', 'a cancellation policy needs at least one tier');
    if (o.traveller_details.collect === 'after_booking' && o.traveller_details.fields.length === 0)
      add(`options[${i}].traveller_details.fields`, 'no_fields', 'details collected after booking need at least one field');
    if (new Set(o.traveller_details.fields).size !== o.traveller_details.fields.length)
      add(`options[${i}].traveller_details.fields`, 'duplicate_field', 'a traveller detail is listed twice');
    const dates: [string, string][] = [
      ['from', o.availability.from],
      ...(o.availability.until ? [['until', o.availability.until] as [string, string]] : []),
      ...o.availability.closed_dates.map((d, j): [string, string] => [`closed_dates[${j}]`, d]),
    ];
    for (const [name, date] of dates) {
      if (!isRealDate(date)) add(`options[${i}].availability.${name}`, 'invalid_date', 'not a real date');
    }
    o.room_types.forEach((r, j) => unique(r.id, `options[${i}].room_types[${j}].id`));
    o.availability.times.forEach((time, j) => {
      if (!TIME.test(time)) add(`options[${i}].availability.times[${j}]`, 'invalid_time', 'times are HH:MM');
    });
    problems.push(...vehicleProblems(o, i));
    if (o.capacity_mode === 'limited' && o.availability.capacity === null) {
      add(`options[${i}].availability.capacity`, 'capacity_required', 'a limited option needs a capacity');
    }
    const areas = new Set<string>();
    o.pickup?.rules.forEach((r, j) => {
      // A quote finds its pickup by area: one area with two prices or kinds would be ambiguous.
      if (areas.has(r.area)) add(`options[${i}].pickup.rules[${j}].area`, 'duplicate_area', `the area ${r.area} is listed twice`);
      areas.add(r.area);
      if (r.kind !== undefined && !PICKUP_KINDS.includes(r.kind))
        add(`options[${i}].pickup.rules[${j}].kind`, 'unknown_pickup_kind', `kind must be one of ${PICKUP_KINDS.join(', ')}`);
      // An area id names one area of the option (the same area may come again in another option).
      if (r.id !== undefined && o.pickup?.rules.some((other, k) => k < j && other.id === r.id))
        add(`options[${i}].pickup.rules[${j}].id`, 'duplicate_id', `id ${r.id} is used twice`);
      if (r.window && r.window.from_min < r.window.to_min)
        add(`options[${i}].pickup.rules[${j}].window`, 'window_order', 'from_min is the earlier end: at least to_min minutes before the start');
    });
  });
  p.extras.forEach((e, i) => {
    unique(e.id, `extras[${i}].id`);
    e.option_ids.forEach((id, j) => {
      if (!optionIds.has(id)) add(`extras[${i}].option_ids[${j}]`, 'unknown_option', 'not an option of this product');
    });
    if (e.local_price && !isKnownCurrency(e.local_price.currency)) add(`extras[${i}].local_price.currency`, 'unknown_currency', 'unknown currency');
  });
  return problems;
}

/** A vehicle rule counts the vehicles the option names; seats and limits are whole numbers of at least one. */
function vehicleProblems(o: OptionDefinition, i: number): InputProblem[] {
  const rule = o.vehicles;
  if (!rule) return [];
  const problems: InputProblem[] = [];
  const add = (field: string, reason: string, detail: string) => problems.push({ reason, field: `options[${i}].vehicles${field}`, detail });
  if (o.vehicle === null) add('', 'vehicle_required', 'vehicles counts the vehicle the option names: set vehicle too');
  if (!Number.isInteger(rule.seats) || rule.seats < 1) add('.seats', 'invalid_value', 'seats must be a whole number of at least 1');
  if (rule.per_booking_max !== null && (!Number.isInteger(rule.per_booking_max) || rule.per_booking_max < 1))
    add('.per_booking_max', 'invalid_value', 'per_booking_max must be a whole number of at least 1, or null');
  const limit = rule.daily_limit;
  if (limit && (!Number.isInteger(limit.count) || limit.count < 1)) add('.daily_limit.count', 'invalid_value', 'count must be a whole number of at least 1');
  if (limit && limit.name.trim() === '') add('.daily_limit.name', 'invalid_value', 'the limit needs a name');
  if (limit && rule.per_booking_max !== null && rule.per_booking_max > limit.count)
    add('.per_booking_max', 'above_daily_limit', 'per_booking_max is above the vehicles the day has (daily_limit.count)');
  return problems;
}

export function storefrontProblems(s: StorefrontDefinition): InputProblem[] {
  const problems: InputProblem[] = [];
  const add = (field: string, reason: string, detail: string) => problems.push({ reason, field, detail });
  if (!s.languages.includes(s.default_language)) add('default_language', 'not_a_language', 'the default language must be one of the languages');
  if (!s.currencies.includes(s.display_currency)) add('display_currency', 'not_a_currency', 'the display currency must be one of the currencies');
  s.currencies.forEach((c, i) => {
    if (!isKnownCurrency(c)) add(`currencies[${i}]`, 'unknown_currency', `unknown currency ${c}`);
  });
  if ((s.kind === 'direct') !== (s.seller_id !== null)) add('seller_id', 'seller_mismatch', 'a direct storefront has one seller; a marketplace none');
  return problems;
}

/** Longest promise of an answer or a reply a seller may make: 30 days. */
const MAX_PROMISE_HOURS = 720;

export function sellerProblems(s: SellerDefinition): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const field of ['answer_hours', 'reply_hours'] as const) {
    const hours = s[field];
    if (hours !== undefined && (!Number.isInteger(hours) || hours < 1 || hours > MAX_PROMISE_HOURS)) {
      problems.push({ reason: 'invalid_value', field, detail: `${field} must be a whole number of hours from 1 to ${MAX_PROMISE_HOURS}` });
    }
  }
  return problems;
}
