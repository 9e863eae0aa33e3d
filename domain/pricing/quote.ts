import type { CancellationPolicy, OptionDefinition, PriceSpecial, PriceTier, ProductDefinition, UnitDefinition } from '../catalog/definitions';
import { Money, Rounding, convertThroughUsd, money } from '../shared/money';
import { policyPreset } from '../policy/refund';
import { InputProblem, Refusal, invalidInput, refuse } from '../shared/refusal';
import { discounted, specialAt, tiersOn } from './tables';
import { keptUsdConverter } from './converter';
import { resolvePickup } from '../pickup';
import { vehicleCapacityRefusal, vehicleLimitRefusal, vehiclesNeeded } from '../vehicle-day/rules';

/** What the traveller picks (quote and hold body, spec 4.3). */
export interface Selection {
  units: { unit_id: string; qty: number; ages?: number[] }[];
  extras: { extra_id: string; qty: number }[];
  rooms: { room_type_id: string; qty: number; beds?: string }[];
  pickup: { place_id?: string; lat?: number; lng?: number } | null;
}

export interface QuoteLine {
  kind: 'unit' | 'extra' | 'room' | 'pickup';
  ref: string;
  label: string;
  qty: number;
  unit_price: Money;
  original_unit_price: Money | null;
  total: Money;
  pay_at: 'upfront' | 'local';
  included: boolean;
  vehicle: string | null;
}

/** The rate a quote is priced at: units of `quote` per US dollar. */
export interface FxRate {
  base: 'USD';
  quote: string;
  rate: string;
  rate_id: string;
  as_of: string;
}

export interface Quote {
  option_id: string;
  lines: QuoteLine[];
  /**
   * due_now: the upfront lines' sum; pay_locally: the local lines' sums, each in the currency paid;
   * grand_total: in the quote's currency, due_now plus each local line's total (spec 2.6: lines add up
   * to totals): as it is when paid in the quote's currency, else converted into it, rounded once per line.
   */
  totals: { due_now: Money; pay_locally: Money[]; grand_total: Money };
  confirmation: 'instant' | 'manual';
  pending_expires_at: string | null;
  remaining: number | null;
  pax: number;
  pairing: boolean;
  /** The vehicles the group rides in; `seats` each seats, null when the option does not count them (one vehicle then). */
  vehicles: { name: string; count: number; seats: number | null }[];
  fx: FxRate;
  policy: CancellationPolicy & { preset: string };
  /** `area` is the area's name, `id` its id (null, and the line's ref the name, for areas written before ids). */
  pickup: { id: string | null; area: string; price: Money } | null;
}

export interface PriceRequest {
  product: ProductDefinition;
  option: OptionDefinition;
  /** The local start priced ('YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM'): it picks the season and any special. */
  start: string;
  selection: Selection;
  fx: FxRate;
  rounding: Rounding;
  remaining: number | null;
  pendingExpiresAt: string | null;
  /** Vehicles left on the start's day when the option has a daily limit (read model; holds decide it again). */
  vehiclesLeft?: number | null;
  /** The current rate (units per US dollar) of a currency a local line is paid in, for grand_total. */
  rateOf?: (currency: string) => string | null;
}

const ACCOMPANYING_TYPES = new Set(['adult', 'senior', 'student']);

/** Travellers who take a seat: what a departure's places and group-size tiers count. */
export function seatsOf(option: OptionDefinition, selection: Selection): number {
  const byId = new Map(option.units.map((u) => [u.id, u]));
  return selection.units.reduce((sum, line) => sum + (byId.get(line.unit_id)?.takes_seat ? line.qty : 0), 0);
}

export function paxOf(selection: Selection): number {
  return selection.units.reduce((sum, line) => sum + line.qty, 0);
}

/** The price tier for a group of `seats` travellers who take a seat. */
export function tierFor(tiers: PriceTier[], seats: number): PriceTier | undefined {
  return tiers.find((t) => seats >= t.min_pax && (t.max_pax === null || seats <= t.max_pax));
}

/** The unit a group's price is read from: the option's paying adult, else its first paying unit. */
export function payerUnit(option: OptionDefinition): UnitDefinition | undefined {
  return option.units.find((u) => u.type === 'adult' && !u.free) ?? option.units.find((u) => !u.free);
}

/** On-request options are always confirmed by the seller (spec 2.4). */
export function confirmationOf(option: OptionDefinition): 'instant' | 'manual' {
  return option.capacity_mode === 'on_request' ? 'manual' : option.confirmation;
}

function checkUnits(option: OptionDefinition, selection: Selection): Refusal | null {
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  selection.units.forEach((line, i) => {
    if (seen.has(line.unit_id)) {
      problems.push({ reason: 'duplicate_unit', field: `units[${i}].unit_id`, detail: 'each unit may be listed once' });
    }
    seen.add(line.unit_id);
    if (line.ages && line.ages.length !== line.qty) {
      problems.push({ reason: 'ages_mismatch', field: `units[${i}].ages`, detail: 'ages must list one age per traveller of the unit' });
    }
  });
  if (problems.length > 0) return invalidInput(problems);
  const pax = paxOf(selection);
  if (pax === 0) return invalidInput([{ reason: 'no_travellers', field: 'units', detail: 'at least one traveller is needed' }]);

  const byId = new Map(option.units.map((u) => [u.id, u]));
  for (const line of selection.units) {
    const unit = byId.get(line.unit_id);
    if (!unit) return refuse('UnknownUnit', 'unit_id is not a unit of this option', { unitId: line.unit_id });
    if (line.qty === 0) continue;
    if ((unit.min_qty !== null && line.qty < unit.min_qty) || (unit.max_qty !== null && line.qty > unit.max_qty)) {
      return refuse('UnitQuantityInvalid', `${unit.label}: quantity outside what the option allows`, { unitId: unit.id, min: unit.min_qty, max: unit.max_qty });
    }
    for (const age of line.ages ?? []) {
      if ((unit.min_age !== null && age < unit.min_age) || (unit.max_age !== null && age > unit.max_age)) {
        return refuse('AgeRestriction', `${unit.label}: age outside the unit's ages`, { unitId: unit.id, minAge: unit.min_age, maxAge: unit.max_age });
      }
    }
  }
  if ((option.min_units !== null && pax < option.min_units) || (option.max_units !== null && pax > option.max_units)) {
    // A limit on the whole group, not on one unit: unitId is null and the detail says so.
    const detail = `the whole group must be ${groupLimit(option.min_units, option.max_units)} travellers, not ${pax}`;
    return refuse('UnitQuantityInvalid', detail, { unitId: null, min: option.min_units, max: option.max_units });
  }
  const accompanied = selection.units.some((l) => l.qty > 0 && ACCOMPANYING_TYPES.has(byId.get(l.unit_id)?.type ?? ''));
  const alone = selection.units.find((l) => l.qty > 0 && !ACCOMPANYING_TYPES.has(byId.get(l.unit_id)?.type ?? ''));
  if (alone && !accompanied) {
    const by = option.units.find((u) => u.type === 'adult')?.id ?? null;
    return refuse('AccompanimentRequired', 'these travellers need an adult with them', { unitId: alone.unit_id, by });
  }
  return null;
}

function groupLimit(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return min === max ? `exactly ${min}` : `${min} to ${max}`;
  return min !== null ? `at least ${min}` : `at most ${max}`;
}

/** Unit lines: one per unit, or one per age band price when children are priced by age. */
function unitLines(
  option: OptionDefinition,
  tier: PriceTier,
  special: PriceSpecial | null,
  selection: Selection,
  convert: (usd: number) => Money,
): QuoteLine[] | Refusal {
  const byId = new Map(option.units.map((u) => [u.id, u]));
  const lines: QuoteLine[] = [];
  for (const line of selection.units) {
    if (line.qty === 0) continue;
    const unit = byId.get(line.unit_id) as UnitDefinition;
    const bands = tier.age_prices?.[unit.id];
    const priced: { usd: number; qty: number }[] = [];
    if (unit.free) {
      priced.push({ usd: 0, qty: line.qty });
    } else if (bands && line.ages) {
      for (const age of line.ages) {
        const band = bands.find((b) => age >= b.min_age && age <= b.max_age);
        if (!band) return refuse('AgeRestriction', `${unit.label}: no price for that age`, { unitId: unit.id, minAge: unit.min_age, maxAge: unit.max_age });
        const same = priced.find((p) => p.usd === band.amount);
        if (same) same.qty += 1;
        else priced.push({ usd: band.amount, qty: 1 });
      }
    } else {
      const usd = tier.unit_prices[unit.id];
      if (usd === undefined) return refuse('PriceNotAvailable', `${unit.label}: no price for this group size`, { unitId: unit.id, reason: 'group_size' });
      priced.push({ usd, qty: line.qty });
    }
    for (const p of priced) {
      // A special sells at its own price, converted once; the price before it is shown beside it.
      const onSpecial = special !== null && p.usd > 0;
      const unitPrice = convert(onSpecial ? discounted(p.usd, special) : p.usd);
      lines.push({
        kind: 'unit',
        ref: unit.id,
        label: unit.label,
        qty: p.qty,
        unit_price: unitPrice,
        original_unit_price: onSpecial ? convert(p.usd) : null,
        total: money(unitPrice.amount * p.qty, unitPrice.currency),
        pay_at: 'upfront',
        included: false,
        vehicle: option.vehicle,
      });
    }
  }
  return lines;
}

function extraLines(request: PriceRequest, convert: (usd: number) => Money): QuoteLine[] | Refusal {
  const { product, option, selection } = request;
  const lines: QuoteLine[] = [];
  const offered = product.extras.filter((e) => e.option_ids.length === 0 || e.option_ids.includes(option.id));
  const seen = new Set<string>();
  for (const [i, chosen] of selection.extras.entries()) {
    // Listing an extra twice would step around its limit per booking.
    if (seen.has(chosen.extra_id)) {
      return invalidInput([{ reason: 'duplicate_extra', field: `extras[${i}].extra_id`, detail: 'each extra may be listed once' }]);
    }
    seen.add(chosen.extra_id);
    const extra = offered.find((e) => e.id === chosen.extra_id);
    if (!extra) {
      return invalidInput([{ reason: 'unknown_extra', field: `extras[${i}].extra_id`, detail: 'not an extra of this option' }]);
    }
    if (extra.max_per_booking !== null && chosen.qty > extra.max_per_booking) {
      return refuse('ExtraQuantityInvalid', `${extra.name}: more than allowed`, { extraId: extra.id, max: extra.max_per_booking });
    }
    if (chosen.qty === 0) continue;
    // What is paid on the day is shown in the currency it is paid in.
    const unitPrice = extra.included ? convert(0) : extra.pay === 'local' && extra.local_price ? { ...extra.local_price } : convert(extra.price);
    lines.push({
      kind: 'extra',
      ref: extra.id,
      label: extra.name,
      qty: chosen.qty,
      unit_price: unitPrice,
      original_unit_price: null,
      total: money(unitPrice.amount * chosen.qty, unitPrice.currency),
      pay_at: extra.pay,
      included: extra.included,
      vehicle: null,
    });
  }
  return lines;
}

function roomLines(
  option: OptionDefinition,
  selection: Selection,
  seats: number,
  convert: (usd: number) => Money,
): { lines: QuoteLine[]; pairing: boolean } | Refusal {
  const rooming = (reason: string, detail = `rooms do not fit the travellers (${reason})`) => refuse('RoomingInvalid', detail, { details: { reason } });
  if (option.room_types.length === 0) {
    // Rooms sent for an option that has none would otherwise be dropped without a word.
    return selection.rooms.length === 0 ? { lines: [], pairing: false } : rooming('unknown_room_type', 'this option has no room types: send no rooms');
  }
  if (selection.rooms.length === 0) return rooming('rooms_required');
  let beds = 0;
  let rooms = 0;
  const lines: QuoteLine[] = [];
  let left = seats;
  let pairing = false;
  for (const chosen of selection.rooms) {
    const type = option.room_types.find((r) => r.id === chosen.room_type_id);
    if (!type) return rooming('unknown_room_type');
    beds += type.sleeps * chosen.qty;
    rooms += chosen.qty;
    const occupants = Math.min(left, type.sleeps * chosen.qty);
    left -= occupants;
    if (seats === 1 && type.sleeps > 1 && type.solo_may_share) pairing = true;
    const unitPrice = convert(type.supplement);
    lines.push({
      kind: 'room',
      ref: type.id,
      label: type.name,
      qty: occupants,
      unit_price: unitPrice,
      original_unit_price: null,
      total: money(unitPrice.amount * occupants, unitPrice.currency),
      pay_at: 'upfront',
      included: false,
      vehicle: null,
    });
  }
  if (beds < seats) return rooming('not_enough_rooms');
  if (rooms > seats && !pairing) return rooming('rooms_dont_match_travellers');
  return { lines, pairing };
}

function pickupLine(request: PriceRequest, convert: (usd: number) => Money): { line: QuoteLine | null; pickup: Quote['pickup'] } | Refusal {
  const { option, selection } = request;
  if (!selection.pickup) return { line: null, pickup: null };
  // The area by id or name, or the one whose shape covers the coordinates (domain/pickup).
  const rule = resolvePickup(option.pickup, selection.pickup);
  if ('refused' in rule) return rule;
  const price = convert(rule.price);
  return {
    line: {
      kind: 'pickup',
      ref: rule.id ?? rule.area,
      label: `Pickup: ${rule.area}`,
      qty: 1,
      unit_price: price,
      original_unit_price: null,
      total: price,
      pay_at: 'upfront',
      included: false,
      vehicle: option.vehicle,
    },
    pickup: { id: rule.id ?? null, area: rule.area, price },
  };
}

/**
 * The local lines' worth in the quote's currency: a line paid in it counts its total, one paid in another its total
 * converted through US dollars at the current rates (fx and that currency's), rounded once; without that rate, its USD price.
 */
function localValue(request: PriceRequest, lines: QuoteLine[], convert: (usd: number) => Money): number {
  const { fx, rounding } = request;
  let value = 0;
  for (const line of lines) {
    if (line.pay_at !== 'local' || line.included) continue;
    const { amount, currency } = line.total;
    if (currency === fx.quote) {
      value += amount;
      continue;
    }
    const rate = currency === 'USD' ? '1' : (request.rateOf?.(currency) ?? null);
    if (rate !== null) value += convertThroughUsd(amount, currency, rate, fx.quote, fx.rate, rounding);
    else value += convert(request.product.extras.find((e) => e.id === line.ref)?.price ?? 0).amount * line.qty;
  }
  return value;
}

/** The vehicles a group needs (one when the option does not count them), or why it cannot have them. */
function vehiclesOf(request: PriceRequest, seats: number): Quote['vehicles'] | Refusal {
  const { vehicle: name, vehicles: rule } = request.option;
  if (!name) return [];
  if (!rule) return [{ name, count: 1, seats: null }];
  const count = vehiclesNeeded(rule, seats);
  const refused =
    vehicleCapacityRefusal(rule, seats) ??
    (rule.daily_limit && typeof request.vehiclesLeft === 'number' ? vehicleLimitRefusal(request.vehiclesLeft, count, rule.daily_limit.name) : null);
  return refused ?? [{ name, count, seats: rule.seats }];
}

/**
 * Prices a selection. Each unit price is converted from USD and rounded once; line totals
 * are unit price times quantity, and totals are sums of lines, so they add up exactly.
 */
export function priceQuote(request: PriceRequest): Quote | Refusal {
  const { option, selection, fx, rounding } = request;
  if (option.ask_for_price) return refuse('PriceNotAvailable', 'this option asks the seller for a price', { unitId: null, reason: 'ask_for_price' });
  const unitsRefusal = checkUnits(option, selection);
  if (unitsRefusal) return unitsRefusal;

  const convert = keptUsdConverter(fx, rounding);
  const seats = seatsOf(option, selection);
  const vehicles = vehiclesOf(request, seats);
  if ('refused' in vehicles) return vehicles;
  const unitId = selection.units.find((l) => l.qty > 0)?.unit_id ?? null;
  const tiers = tiersOn(option, request.start.slice(0, 10));
  if (!Array.isArray(tiers)) {
    const detail = tiers === 'weekday' ? 'no price on this day of the week' : 'no price for this date';
    return refuse('PriceNotAvailable', detail, { unitId, reason: tiers });
  }
  const tier = tierFor(tiers, seats);
  if (!tier) return refuse('PriceNotAvailable', 'no price for this group size', { unitId, reason: 'group_size' });
  const units = unitLines(option, tier, specialAt(option, request.start), selection, convert);
  if (!Array.isArray(units)) return units;
  const extras = extraLines(request, convert);
  if (!Array.isArray(extras)) return extras;
  const rooms = roomLines(option, selection, seats, convert);
  if ('refused' in rooms) return rooms;
  const pickup = pickupLine(request, convert);
  if ('refused' in pickup) return pickup;

  const lines = [...units, ...extras, ...rooms.lines, ...(pickup.line ? [pickup.line] : [])];
  const dueNow = lines.filter((l) => l.pay_at === 'upfront').reduce((sum, l) => sum + l.total.amount, 0);
  const payLocally = new Map<string, number>();
  for (const line of lines.filter((l) => l.pay_at === 'local')) {
    payLocally.set(line.total.currency, (payLocally.get(line.total.currency) ?? 0) + line.total.amount);
  }
  const grandTotal = dueNow + localValue(request, lines, convert);
  const manual = confirmationOf(option) === 'manual';
  return {
    option_id: option.id,
    lines,
    totals: {
      due_now: money(dueNow, fx.quote),
      pay_locally: [...payLocally].map(([currency, amount]) => money(amount, currency)),
      grand_total: money(grandTotal, fx.quote),
    },
    confirmation: manual ? 'manual' : 'instant',
    pending_expires_at: manual ? request.pendingExpiresAt : null,
    remaining: request.remaining,
    pax: paxOf(selection),
    pairing: rooms.pairing,
    vehicles,
    fx,
    policy: { ...option.policy, preset: policyPreset(option.policy) },
    pickup: pickup.pickup,
  };
}
