import { expect } from 'chai';
import { departureStream } from '../../../domain/departure';
import { Answer, SimpleTrip, TestServer, openStart, remainingAt, simpleTrip, startTestServer } from '../harness';
import { paymentMethodFor } from './pay-at-checkout';

const lead = { name: 'Ana Lima', email: 'ana.lima@example.com', phone: '+351 912 345 678' };

interface Recount {
  capacity: number | null;
  held: number;
  booked: number;
  /** How many PlacesHeld events each ref has. */
  heldEvents: Map<string, number>;
}

/**
 * The start's places counted again from its stream in the log, by hand (not through the decider):
 * booked entries, and held ones whose time has not run out at `now`.
 */
async function recount(server: TestServer, optionId: string, start: string, now: Date): Promise<Recount> {
  const events = await server.engine.events.readStream(departureStream(optionId, start));
  let capacity: number | null = null;
  const entries = new Map<string, { places: number; expiresAt: string; status: string }>();
  const heldEvents = new Map<string, number>();
  for (const { type, data } of events as { type: string; data: any }[]) {
    if (type === 'DepartureOpened' || type === 'CapacityChanged') capacity = data.capacity;
    else if (type === 'PlacesHeld') {
      entries.set(data.ref, { places: data.places, expiresAt: data.expiresAt, status: 'held' });
      heldEvents.set(data.ref, (heldEvents.get(data.ref) ?? 0) + 1);
    } else if (type === 'PlacesBooked' || type === 'PlacesReleased') {
      const entry = entries.get(data.ref);
      if (entry) entry.status = type === 'PlacesBooked' ? 'booked' : 'released';
    }
  }
  let held = 0;
  let booked = 0;
  for (const entry of entries.values()) {
    if (entry.status === 'booked') booked += entry.places;
    else if (entry.status === 'held' && Date.parse(entry.expiresAt) > now.getTime()) held += entry.places;
  }
  return { capacity, held, booked, heldEvents };
}

describe('HTTP: the last places of a start, raced by holds of mixed group sizes (issue 8)', () => {
  let server: TestServer;
  let trip: SimpleTrip;

  before(async () => {
    server = await startTestServer();
    trip = await simpleTrip(server);
  });
  after(() => server.close());

  const selection = (start: string, qty: number) => ({ option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty }] });
  const holdAll = (start: string, count: number) =>
    Promise.all(Array.from({ length: count }, (_, i) => server.request('POST', '/v1/public/holds', { body: selection(start, 1 + (i % 4)) })));
  const placesOf = (answers: Answer[]) => answers.filter((a) => a.status === 201).reduce((sum, a) => sum + a.body.quote.pax, 0);

  /** Every answer is a hold or a refusal for want of places, and a refusal names what was left, less than it asked. */
  function expectHeldOrRefused(answers: Answer[]): void {
    answers.forEach((answer, i) => {
      if (answer.status === 201) return;
      expect(answer.status, answer.text).to.equal(422);
      expect(answer.body.code).to.be.oneOf(['SoldOut', 'NotEnoughCapacity']);
      if (answer.body.code === 'NotEnoughCapacity') expect(answer.body.remaining).to.be.lessThan(1 + (i % 4));
    });
  }

  async function expectCalendarIsTheLog(start: string): Promise<Recount> {
    const counted = await recount(server, trip.optionId, start, new Date());
    expect(counted.capacity).to.equal(trip.capacity);
    expect(counted.held + counted.booked).to.be.at.most(trip.capacity);
    expect(await remainingAt(server, trip.optionId, start)).to.equal(trip.capacity - counted.held - counted.booked);
    expect([...counted.heldEvents.values()].every((n) => n === 1)).to.equal(true);
    return counted;
  }

  it('30 holds of 1 to 4 travellers for the last 7 places, then their checkouts raced by 30 more: never more held and booked than exist', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '14');
    const pay = await paymentMethodFor(server, selection(start, 1));
    const first = await server.request('POST', '/v1/public/holds', { body: selection(start, trip.capacity - 7) });
    expect(first.status, first.text).to.equal(201);
    expect((await server.request('POST', '/v1/public/checkout', { body: { ref: first.body.ref, lead, ...pay } })).status).to.equal(200);
    expect(await remainingAt(server, trip.optionId, start)).to.equal(7);

    const race = await holdAll(start, 30);
    expectHeldOrRefused(race);
    const won = placesOf(race);
    expect(won).to.be.within(4, 7); // whatever the order, a group of up to 4 still fits while fewer than 4 are taken
    const held = race.filter((a) => a.status === 201);
    expect(new Set(held.map((a) => a.body.ref)).size).to.equal(held.length);
    expect((await expectCalendarIsTheLog(start)).held).to.equal(won);

    // The winners check out while 30 more try for whatever is left.
    const [checkouts, more] = await Promise.all([
      Promise.all(held.map((a) => server.request('POST', '/v1/public/checkout', { body: { ref: a.body.ref, lead, ...pay } }))),
      holdAll(start, 30),
    ]);
    for (const checkout of checkouts) expect(checkout.status, checkout.text).to.equal(200);
    expectHeldOrRefused(more);
    expect(won + placesOf(more)).to.be.at.most(7);
    const counted = await expectCalendarIsTheLog(start);
    expect(counted.booked).to.equal(trip.capacity - 7 + won);
    expect(counted.held).to.equal(placesOf(more));
  });

  it('places a hold gives back when it runs out go to the next racers, and the calendar still equals the log', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '16');
    expect(trip.capacity, '30 racers ask for 73 places: more than the start has').to.be.below(70);
    const first = await server.request('POST', '/v1/public/holds', { body: selection(start, trip.capacity - 7) });
    expect(first.status).to.equal(201);
    const race = await holdAll(start, 30);
    const won = placesOf(race);
    server.clock.tick(15 * 60_000); // every hold so far runs out
    const [again] = await Promise.all([holdAll(start, 30), server.expireHolds()]);
    expectHeldOrRefused(again);
    expect(placesOf(again)).to.be.within(trip.capacity - 3, trip.capacity);
    const counted = await expectCalendarIsTheLog(start);
    expect(counted.held).to.equal(placesOf(again));
    expect(won).to.be.within(4, 7);
  });
});
