import { expect } from 'chai';
import type { VehicleRule } from '../../domain/catalog/definitions';
import { productProblems } from '../../domain/catalog/validate';
import { DepartureEvent, departureDecider } from '../../domain/departure';
import { PriceRequest, Quote, priceQuote } from '../../domain/pricing/quote';
import { isRefusal } from '../../domain/shared/refusal';
import { VehicleDayCommand, VehicleDayEvent, mostVehicles, vehicleDayDecider, vehicleDayStream, vehiclesLeft, vehiclesNeeded } from '../../domain/vehicle-day';
import { ADULT, INFANT, at, option, priceRequest, product, selection, tier } from './fixtures';
import { given } from './given-when-then';

const NOW = at('2026-05-01T10:00:00.000Z');
const IN_15_MIN = '2026-05-01T10:15:00.000Z';
const MORNING = '2026-06-10T09:00';
const EVENING = '2026-06-10T18:00';
const LIMIT = { name: 'Lisbon minivans', count: 3 };

const held = (ref: string, vehicles: number, start = MORNING, expiresAt = IN_15_MIN): VehicleDayEvent => ({
  type: 'VehiclesHeld',
  data: { ref, optionId: 'opt-1', start, vehicles, expiresAt },
});
const booked = (ref: string, start = MORNING): VehicleDayEvent => ({ type: 'VehiclesBooked', data: { ref, start } });
const hold = (ref: string, vehicles: number, options: { start?: string; now?: Date; book?: boolean } = {}): VehicleDayCommand => ({
  type: 'HoldVehicles',
  ref,
  optionId: 'opt-1',
  start: options.start ?? MORNING,
  vehicles,
  limit: LIMIT,
  expiresAt: IN_15_MIN,
  book: options.book ?? false,
  now: options.now ?? NOW,
});

describe('vehicle day decider: vehicles per option per local day (issue 7)', () => {
  it('names one stream per option and local day, whatever the start time', () => {
    expect(vehicleDayStream('opt-1', MORNING)).to.equal('vehicle-day-opt-1-2026-06-10');
    expect(vehicleDayStream('opt-1', EVENING)).to.equal(vehicleDayStream('opt-1', '2026-06-10'));
  });

  it('holds vehicles while the day has them, counting every start of the day', () => {
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 1)])
      .when(hold('TP-BBBB-BBBB', 2, { start: EVENING }))
      .then([held('TP-BBBB-BBBB', 2, EVENING)]);
  });

  it('refuses VehicleLimitReached with the vehicles left and the limit name when too few are left', () => {
    const some = given(vehicleDayDecider, [held('TP-AAAA-AAAA', 2)])
      .when(hold('TP-BBBB-BBBB', 2, { start: EVENING }))
      .thenRefused('VehicleLimitReached', { remainingVehicles: 1, limitName: 'Lisbon minivans' });
    expect(some.detail).to.contain('only 1 vehicle');
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 2), held('TP-CCCC-CCCC', 1, EVENING)])
      .when(hold('TP-BBBB-BBBB', 1))
      .thenRefused('VehicleLimitReached', { remainingVehicles: 0, limitName: 'Lisbon minivans' });
  });

  it('books at once when asked (requests, offers, moves), and a repeated hold changes nothing', () => {
    given(vehicleDayDecider)
      .when(hold('TP-AAAA-AAAA', 2, { book: true }))
      .then([held('TP-AAAA-AAAA', 2), booked('TP-AAAA-AAAA')]);
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 3)])
      .when(hold('TP-AAAA-AAAA', 3))
      .thenNothing();
  });

  it('takes the vehicles of a ref again once they went back (a hold repeated after its departure refused it, or after it ran out)', () => {
    const back: VehicleDayEvent = { type: 'VehiclesReleased', data: { ref: 'TP-AAAA-AAAA', start: MORNING, why: 'abandoned' } };
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 2), back])
      .when(hold('TP-AAAA-AAAA', 2))
      .then([held('TP-AAAA-AAAA', 2)]);
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 2, MORNING, '2026-05-01T09:00:00.000Z'), held('TP-BBBB-BBBB', 2)])
      .when(hold('TP-AAAA-AAAA', 2))
      .thenRefused('VehicleLimitReached', { remainingVehicles: 1 });
  });

  it('keeps a booking at two starts of one day apart: a move within the day takes before it gives back, even from a full day', () => {
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 1), booked('TP-AAAA-AAAA')])
      .when(hold('TP-AAAA-AAAA', 1, { start: EVENING, book: true }))
      .then([held('TP-AAAA-AAAA', 1, EVENING), booked('TP-AAAA-AAAA', EVENING)]);
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 2), booked('TP-AAAA-AAAA'), held('TP-BBBB-BBBB', 1)])
      .when(hold('TP-AAAA-AAAA', 2, { start: EVENING, book: true }))
      .then([held('TP-AAAA-AAAA', 2, EVENING), booked('TP-AAAA-AAAA', EVENING)]);
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 2), booked('TP-AAAA-AAAA'), held('TP-BBBB-BBBB', 1)])
      .when(hold('TP-AAAA-AAAA', 3, { start: EVENING, book: true }))
      .thenRefused('VehicleLimitReached', { remainingVehicles: 2 });
  });

  it('frees the vehicles of holds that ran out or were released, never of booked ones', () => {
    const later = at('2026-05-01T10:15:00.000Z');
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 3)])
      .when(hold('TP-BBBB-BBBB', 3, { now: later }))
      .then([held('TP-BBBB-BBBB', 3)]);
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 3), booked('TP-AAAA-AAAA')])
      .when(hold('TP-BBBB-BBBB', 1, { now: later }))
      .thenRefused('VehicleLimitReached', { remainingVehicles: 0 });
    const released: VehicleDayEvent = { type: 'VehiclesReleased', data: { ref: 'TP-AAAA-AAAA', start: MORNING, why: 'cancelled' } };
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 3), booked('TP-AAAA-AAAA'), released])
      .when(hold('TP-BBBB-BBBB', 3))
      .then([held('TP-BBBB-BBBB', 3)]);
  });

  it('books a live hold, refuses HoldExpired for one that ran out, and has nothing to book for a hold that took none', () => {
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 1)])
      .when({ type: 'BookVehicles', ref: 'TP-AAAA-AAAA', start: MORNING, now: NOW })
      .then([booked('TP-AAAA-AAAA')]);
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 1)])
      .when({ type: 'BookVehicles', ref: 'TP-AAAA-AAAA', start: MORNING, now: at('2026-05-01T10:16:00.000Z') })
      .thenRefused('HoldExpired');
    given(vehicleDayDecider).when({ type: 'BookVehicles', ref: 'TP-AAAA-AAAA', start: MORNING, now: NOW }).thenNothing();
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 1), booked('TP-AAAA-AAAA')])
      .when({ type: 'BookVehicles', ref: 'TP-AAAA-AAAA', start: MORNING, now: NOW })
      .thenNothing();
  });

  it('releases once; an expiry leaves a live hold and a booking alone; other starts of the ref stay', () => {
    const release = (why: 'expired' | 'cancelled' | 'moved', now = NOW, start = MORNING): VehicleDayCommand => ({
      type: 'ReleaseVehicles',
      ref: 'TP-AAAA-AAAA',
      start,
      why,
      now,
    });
    const gone: VehicleDayEvent = { type: 'VehiclesReleased', data: { ref: 'TP-AAAA-AAAA', start: MORNING, why: 'moved' } };
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 1), booked('TP-AAAA-AAAA')])
      .when(release('moved'))
      .then([gone]);
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 1), booked('TP-AAAA-AAAA'), gone])
      .when(release('moved'))
      .thenNothing();
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 1)])
      .when(release('expired'))
      .thenNothing();
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 1), booked('TP-AAAA-AAAA')])
      .when(release('expired', at('2026-05-01T11:00:00.000Z')))
      .thenNothing();
    given(vehicleDayDecider, [held('TP-AAAA-AAAA', 1)])
      .when(release('expired', at('2026-05-01T10:15:00.000Z')))
      .then([{ type: 'VehiclesReleased', data: { ref: 'TP-AAAA-AAAA', start: MORNING, why: 'expired' } }]);
    const state = given(vehicleDayDecider, [held('TP-AAAA-AAAA', 1), held('TP-AAAA-AAAA', 2, EVENING), gone]).state;
    expect(vehiclesLeft(state.entries, 3, NOW)).to.equal(1);
  });
});

describe('vehicle rules', () => {
  const rule = (more: Partial<VehicleRule> = {}): VehicleRule => ({ seats: 4, per_booking_max: null, daily_limit: null, ...more });

  it('shares travellers who take a seat over the seats, rounded up, at least one vehicle', () => {
    expect([1, 4, 5, 8, 9].map((seats) => vehiclesNeeded(rule(), seats))).to.deep.equal([1, 1, 2, 2, 3]);
    expect(vehiclesNeeded(rule(), 0)).to.equal(1);
  });

  it('lets a booking take at most its own limit and never more than the day has', () => {
    expect(mostVehicles(rule())).to.equal(null);
    expect(mostVehicles(rule({ per_booking_max: 2 }))).to.equal(2);
    expect(mostVehicles(rule({ daily_limit: { name: 'vans', count: 1 } }))).to.equal(1);
    expect(mostVehicles(rule({ per_booking_max: 3, daily_limit: { name: 'vans', count: 2 } }))).to.equal(2);
  });
});

describe('priceQuote: vehicles', () => {
  const minivan = (vehicles: VehicleRule | null) =>
    option({ private: true, vehicle: 'minivan', vehicles, units: [ADULT, INFANT], pricing: { tiers: [tier(1, null, { adult: 5000 })] } });
  const request = (vehicles: VehicleRule | null, adults: number, more: Partial<PriceRequest> = {}): PriceRequest => {
    const opt = minivan(vehicles);
    return priceRequest({ option: opt, product: product({ options: [opt] }), selection: selection({ units: [{ unit_id: 'adult', qty: adults }] }), ...more });
  };
  const quoted = (r: PriceRequest): Quote => {
    const result = priceQuote(r);
    if (isRefusal(result)) expect.fail(`${result.code}: ${result.detail}`);
    return result as Quote;
  };
  const VANS: VehicleRule = { seats: 4, per_booking_max: 2, daily_limit: { name: 'Lisbon minivans', count: 3 } };

  it('says how many vehicles the group needs and how many each seats; unit lines keep the vehicle', () => {
    const quote = quoted(request(VANS, 5, { vehiclesLeft: 3 }));
    expect(quote.vehicles).to.deep.equal([{ name: 'minivan', count: 2, seats: 4 }]);
    expect(quote.lines[0].vehicle).to.equal('minivan');
    expect(quoted(request(VANS, 4)).vehicles).to.deep.equal([{ name: 'minivan', count: 1, seats: 4 }]);
  });

  it('does not count travellers who take no seat', () => {
    const r = request(VANS, 4);
    const quote = quoted({
      ...r,
      selection: selection({
        units: [
          { unit_id: 'adult', qty: 4 },
          { unit_id: 'infant', qty: 2 },
        ],
      }),
    });
    expect(quote.vehicles).to.deep.equal([{ name: 'minivan', count: 1, seats: 4 }]);
  });

  it('keeps one uncounted vehicle for an option that names a vehicle without a rule', () => {
    expect(quoted(request(null, 9)).vehicles).to.deep.equal([{ name: 'minivan', count: 1, seats: null }]);
  });

  it('refuses VehicleCapacityExceeded (pax, seats) beyond what a booking may take, and beyond the daily limit', () => {
    const over = priceQuote(request(VANS, 9));
    expect(isRefusal(over) && over.code).to.equal('VehicleCapacityExceeded');
    expect(isRefusal(over) && over.fields).to.deep.equal({ pax: 9, seats: 8 });
    const day = priceQuote(request({ seats: 3, per_booking_max: null, daily_limit: { name: 'vans', count: 2 } }, 7));
    expect(isRefusal(day) && day.fields).to.deep.equal({ pax: 7, seats: 6 });
  });

  it('refuses VehicleLimitReached (remainingVehicles, limitName) when the day has too few left', () => {
    const short = priceQuote(request(VANS, 5, { vehiclesLeft: 1 }));
    expect(isRefusal(short) && short.code).to.equal('VehicleLimitReached');
    expect(isRefusal(short) && short.fields).to.deep.equal({ remainingVehicles: 1, limitName: 'Lisbon minivans' });
    expect(quoted(request(VANS, 4, { vehiclesLeft: 1 })).vehicles[0].count).to.equal(1);
  });
});

describe('product validation: vehicles', () => {
  const problemsOf = (vehicle: string | null, vehicles: VehicleRule) => productProblems(product({ options: [option({ vehicle, vehicles })] }));

  it('accepts a rule for a named vehicle', () => {
    expect(problemsOf('minivan', { seats: 4, per_booking_max: 2, daily_limit: { name: 'vans', count: 2 } })).to.deep.equal([]);
  });

  it('names the field of each bad part', () => {
    const fields = (vehicle: string | null, vehicles: VehicleRule) => problemsOf(vehicle, vehicles).map((p) => `${p.field} ${p.reason}`);
    expect(fields(null, { seats: 4, per_booking_max: null, daily_limit: null })).to.deep.equal(['options[0].vehicles vehicle_required']);
    expect(fields('van', { seats: 0, per_booking_max: 0, daily_limit: { name: ' ', count: 0 } })).to.deep.equal([
      'options[0].vehicles.seats invalid_value',
      'options[0].vehicles.per_booking_max invalid_value',
      'options[0].vehicles.daily_limit.count invalid_value',
      'options[0].vehicles.daily_limit.name invalid_value',
    ]);
    expect(fields('van', { seats: 4, per_booking_max: 3, daily_limit: { name: 'vans', count: 2 } })).to.deep.equal([
      'options[0].vehicles.per_booking_max above_daily_limit',
    ]);
  });
});

describe('departure decider: the vehicles a hold took', () => {
  const start = '2026-06-10T09:00';
  const opened: DepartureEvent = { type: 'DepartureOpened', data: { optionId: 'opt-1', start, capacity: null } };
  const placesHeld: DepartureEvent = {
    type: 'PlacesHeld',
    data: { ref: 'TP-AAAA-AAAA', optionId: 'opt-1', start, places: 5, expiresAt: IN_15_MIN, vehicles: 2 },
  };

  it('records them on the entry, and names them when its places go back', () => {
    given(departureDecider, [opened])
      .when({ type: 'HoldPlaces', ref: 'TP-AAAA-AAAA', optionId: 'opt-1', start, places: 5, capacity: null, expiresAt: IN_15_MIN, now: NOW, vehicles: 2 })
      .then([placesHeld]);
    given(departureDecider, [opened, placesHeld])
      .when({ type: 'ReleasePlaces', ref: 'TP-AAAA-AAAA', why: 'abandoned', now: NOW })
      .then([{ type: 'PlacesReleased', data: { ref: 'TP-AAAA-AAAA', why: 'abandoned', vehicles: 2 } }]);
  });
});
