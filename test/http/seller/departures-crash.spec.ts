import { expect } from 'chai';
import { callOffReactor } from '../../../application/departures/reactors/call-off';
import type { Platform } from '../../../application/platform/platform';
import type { RecordedEvent } from '../../../application/platform/ports/event-store';
import { bookingStream } from '../../../domain/booking';
import { departureStream } from '../../../domain/departure';
import { OWNER_KEY, SimpleTrip, TestServer, openStart, simpleTrip, startTestServer } from '../harness';

/** A platform whose command handler dies at its `crashAt`-th command: the process stopping in the middle of a call-off. */
function crashingPlatform(platform: Platform, crashAt: number): Platform {
  let commands = 0;
  const real = platform.commands;
  const handle: typeof real.handle = (...args) => {
    commands += 1;
    if (commands === crashAt) return Promise.reject(new Error(`crash before command ${crashAt}`));
    return real.handle(...args);
  };
  return { ...platform, commands: Object.assign(Object.create(real), { handle }) };
}

/** Issue 8: the call-off reactor is crash-safe: run again after dying at any step, every booking ends moved or cancelled once. */
describe('HTTP: a call-off cut short by a crash and run again', () => {
  let server: TestServer;
  let trip: SimpleTrip;

  before(async () => {
    server = await startTestServer({ secretKeyLimitPerMinute: 100_000 });
    trip = await simpleTrip(server);
  });
  after(() => server.close());

  async function book(start: string, qty: number, n: number): Promise<string> {
    const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty }] } });
    const lead = { name: `Traveller ${n}`, email: `crash${n}@example.com`, phone: '+351 912 345 678' };
    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' } });
    expect(checkout.status, checkout.text).to.equal(200);
    return checkout.body.ref;
  }

  const typesOf = async (stream: string) => (await server.engine.events.readStream(stream)).map((e) => e.type);

  it('answers in_progress while the reactor is down, then moves or cancels each booking once however often it dies and restarts', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '07');
    const offered = await openStart(server, trip.optionId, '2026-12', '14');
    const refs = [await book(start, 1, 1), await book(start, 2, 2), await book(start, 1, 3)];
    await server.engine.reactors.catchUp();
    // The process's reactors are down: the call is recorded, nothing more happens yet.
    await server.engine.reactors.stop();
    const answer = await server.request('POST', `/v1/options/${trip.optionId}/departures/${start}/call-off`, {
      key: null,
      secret: OWNER_KEY,
      body: { reason: 'weather', offered_start: offered },
    });
    expect(answer.status, answer.text).to.equal(201);
    expect(answer.body.bookings.map((b: { outcome: string }) => b.outcome)).to.deep.equal(['in_progress', 'in_progress', 'in_progress']);

    const calledOff = (await server.engine.events.readStream(departureStream(trip.optionId, start))).find(
      (e) => e.type === 'DepartureCalledOff',
    ) as RecordedEvent;
    const run = (platform: Platform) => callOffReactor.handlers.DepartureCalledOff(calledOff, platform);
    // Each run starts over and skips what is done: these stops fall on different steps (hold, move, release) of different bookings.
    for (const crashAt of [1, 3, 4, 6, 2]) {
      let died = false;
      await run(crashingPlatform(server.engine.platform, crashAt)).catch(() => (died = true));
      expect(died, `crash at command ${crashAt}`).to.equal(true);
    }
    await run(server.engine.platform);
    await run(server.engine.platform);

    for (const ref of refs) {
      const types = await typesOf(bookingStream(ref));
      expect(
        types.filter((t) => t === 'BookingMoved' || t === 'BookingCancelled'),
        ref,
      ).to.deep.equal(['BookingMoved']);
    }
    const there = await typesOf(departureStream(trip.optionId, offered));
    expect(there.filter((t) => t === 'PlacesHeld')).to.have.length(3);
    expect(there.filter((t) => t === 'PlacesBooked')).to.have.length(3);
    const here = await server.engine.events.readStream(departureStream(trip.optionId, start));
    expect(here.filter((e) => e.type === 'CallOffSettled')).to.have.length(1);
    expect(here.filter((e) => e.type === 'PlacesReleased').map((e) => e.data.ref)).to.have.members(refs);
    const settled = here.find((e) => e.type === 'CallOffSettled') as RecordedEvent;
    expect(settled.data.outcomes).to.have.deep.members(refs.map((ref) => ({ ref, outcome: 'moved', to: offered })));
  });
});
