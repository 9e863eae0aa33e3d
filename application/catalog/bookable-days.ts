import { beforeHorizon, capacityOf, cutoffHorizon, firstBookableStart, runsOn } from '../../domain/calendar/schedule';
import { pricedOn } from '../../domain/pricing/tables';
import type { OptionDefinition } from '../../domain/catalog/definitions';
import { remainingPlaces } from '../../domain/departure';
import { paymentWindowClosed } from '../../domain/payment/methods';
import { payerUnit } from '../../domain/pricing/quote';
import { vehiclesLeft, vehiclesNeeded } from '../../domain/vehicle-day';
import type { ProductDoc } from '../../projections/catalog/queries';
import { DEPARTURES, type DepartureDoc, entriesOf } from '../../projections/departures/doc';
import { DEPARTURE_DAYS, type DepartureDayDoc } from '../../projections/catalog/departure-days';
import { VEHICLE_DAYS, type VehicleDayDoc } from '../../projections/vehicle-days/doc';
import type { SellerDoc } from '../platform/context';
import type { DocumentStore } from '../platform/ports/document-store';
import { countedVehicles } from '../vehicles';
import { groupFacts } from './kept';

/**
 * What is taken of a list's options on the asked days, by option: its departures by start, and
 * (options with a daily vehicle limit) its vehicle days by date.
 */
export type Departures = ReadonlyMap<string, Taken>;

interface Taken {
  starts: Map<string, Readonly<DepartureDoc>>;
  vehicleDays: Map<string, Readonly<VehicleDayDoc>>;
}

/** The local dates a list asks for (spec 4.2 date, month), with one key for all of them. */
export interface DaysAsked {
  days: readonly string[];
  key: string;
}

export function daysAsked(days: readonly string[]): DaysAsked {
  // The days asked are consecutive: the first and the last name them.
  return { days, key: `${days[0]}/${days[days.length - 1]}/${days.length}` };
}

/**
 * The departures of the window's options on sale on the asked days, by option then start: one read
 * for the whole list, which then decides every trip without waiting on the store.
 */
export async function departuresOn(docs: DocumentStore, window: readonly Readonly<ProductDoc>[], asked: DaysAsked): Promise<Departures> {
  const byOption = new Map<string, Taken>();
  if (asked.days.length === 0) return byOption;
  const takenOf = (optionId: string) => {
    let taken = byOption.get(optionId);
    if (!taken) byOption.set(optionId, (taken = { starts: new Map(), vehicleDays: new Map() }));
    return taken;
  };
  const counted = optionsCountingVehicles(window);
  if (counted.length > 0) {
    for (const doc of await docs.collection<VehicleDayDoc>(VEHICLE_DAYS).find({ option_id: { $in: [...counted] }, date: { $in: [...asked.days] } })) {
      takenOf(doc.option_id).vehicleDays.set(doc.date, doc);
    }
  }
  // Only options with a departure document on one of the days have a start with fewer places.
  const withDepartures = new Set<string>();
  for (const doc of await docs.collection<DepartureDayDoc>(DEPARTURE_DAYS).find({ day: { $in: [...asked.days] } })) withDepartures.add(doc.option_id);
  const optionIds = withDepartures.size === 0 ? [] : optionsOnSale(window).filter((id) => withDepartures.has(id));
  if (optionIds.length === 0) return byOption;
  // Starts are the date itself (open all day) or the date and a time: the last day's run up to its end.
  const range = { $gte: asked.days[0], $lte: `${asked.days[asked.days.length - 1]}T99` };
  for (const doc of await docs.collection<DepartureDoc>(DEPARTURES).find({ option_id: { $in: optionIds }, start: range })) {
    takenOf(doc.option_id).starts.set(doc.start, doc);
  }
  return byOption;
}

/** The ids of the window's options on sale with a daily vehicle limit, once per kept window. */
function optionsCountingVehicles(window: readonly Readonly<ProductDoc>[]): readonly string[] {
  let ids = COUNTING_VEHICLES.get(window);
  if (!ids) {
    const found: string[] = [];
    for (const product of window) for (const o of product.definition.options) if (!o.sales_paused && countedVehicles(o)) found.push(o.id);
    COUNTING_VEHICLES.set(window, (ids = found));
  }
  return ids;
}

const COUNTING_VEHICLES = new WeakMap<readonly Readonly<ProductDoc>[], readonly string[]>();

/** The ids of the window's options on sale, once per kept window. */
function optionsOnSale(window: readonly Readonly<ProductDoc>[]): readonly string[] {
  let ids = OPTIONS_ON_SALE.get(window);
  if (!ids) {
    const found: string[] = [];
    for (const product of window) for (const o of product.definition.options) if (!o.sales_paused) found.push(o.id);
    OPTIONS_ON_SALE.set(window, (ids = found));
  }
  return ids;
}

const OPTIONS_ON_SALE = new WeakMap<readonly Readonly<ProductDoc>[], readonly string[]>();

/**
 * Whether some option of the trip can be booked on one of the days by the group (spec 4.2
 * date/month), as a quote would: an option on sale whose limits, vehicle seats and prices fit the
 * group runs then, before its cutoff, with places and vehicles for all, at a start the seller did
 * not call off and one of the seller's ways to pay can still be paid before (PaymentWindowClosed).
 */
export function bookableOn(
  product: Readonly<ProductDoc>,
  asked: DaysAsked,
  travellers: number,
  now: Date,
  departures: Departures,
  seller: Readonly<SellerDoc> | undefined,
): boolean {
  const timezone = product.definition.timezone;
  const methods = seller?.payment_methods ?? [];
  for (const { option, capacity, dates, last } of scheduleOf(product, asked)) {
    if ((capacity !== null && capacity < travellers) || !groupFacts(product, option, travellers).fits) continue;
    // Starts come in order: when the last is past its cutoff, so are the others.
    if (beforeHorizon(last, cutoffHorizon(option, timezone, now))) continue;
    // A request is sent without paying (quotes price it as 'request'): only booking ahead waits on a way to pay.
    const payable = (start: string) => option.capacity_mode === 'on_request' || paymentWindowClosed(methods, start, timezone, now) === null;
    // Ways to pay close a number of hours before a start: when none is open for the last, none is for the others.
    if (methods.length > 0 && !payable(last)) continue;
    const taken = departures.get(option.id);
    // Without a departure or vehicle taken on those days every start has all its places: the last one can be booked.
    if (taken === undefined) return true;
    // Vehicles counted per day (VehicleLimitReached), as quotes count them.
    const vehicles = countedVehicles(option);
    const payer = payerUnit(option);
    const needed = vehicles ? vehiclesNeeded(vehicles, payer?.takes_seat === false ? 0 : travellers) : 0;
    const fits = (start: string) => {
      const doc = taken.starts.get(start);
      if (doc?.called_off === true) return false;
      if (vehicles && vehiclesLeft(taken.vehicleDays.get(start.slice(0, 10))?.entries, vehicles.daily_limit.count, now) < needed) return false;
      if (methods.length > 0 && !payable(start)) return false;
      return capacity === null || remainingPlaces(entriesOf(doc), capacity, now) >= travellers;
    };
    if (firstBookableStart(option, timezone, dates, now, fits) !== null) return true;
  }
  return false;
}

interface Scheduled {
  option: OptionDefinition;
  capacity: number | null;
  /** The asked days the option runs on and some price table prices. */
  dates: readonly string[];
  /** The last start on those days. */
  last: string;
}

/**
 * The trip's options on sale with the asked days each runs on and is priced (outside its seasons,
 * or a weekday it is not sold, a day is not bookable, as its calendar says). Lists ask every trip
 * of the window about the same days, and the answer depends on the definition alone: it is kept
 * with the stored document, for the days last asked.
 */
function scheduleOf(product: Readonly<ProductDoc>, asked: DaysAsked): readonly Scheduled[] {
  const known = SCHEDULES.get(product)?.get(asked.key);
  if (known) return known;
  const scheduled: Scheduled[] = [];
  for (const option of product.definition.options) {
    if (option.sales_paused) continue;
    const dates = asked.days.filter((day) => runsOn(option, day) && pricedOn(option, day));
    if (dates.length === 0) continue;
    const times = option.availability.times;
    const lastDay = dates[dates.length - 1];
    const last = times.length === 0 ? lastDay : `${lastDay}T${[...times].sort()[times.length - 1]}`;
    scheduled.push({ option, capacity: capacityOf(option), dates, last });
  }
  let byDays = SCHEDULES.get(product);
  if (!byDays || byDays.size >= SCHEDULES_KEPT) SCHEDULES.set(product, (byDays = new Map()));
  byDays.set(asked.key, scheduled);
  return scheduled;
}

const SCHEDULES = new WeakMap<Readonly<ProductDoc>, Map<string, readonly Scheduled[]>>();
/** Sets of days kept per trip: the months and dates lists ask about at one time. */
const SCHEDULES_KEPT = 64;
