import { expect } from 'chai';
import { demoId } from '../../../infra/seed/demo-catalog';
import { OWNER_KEY, TestServer, expectProblem, openStart, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

const TRANSFER = demoId('demo:product:lisbon-airport-private-transfer');
const MINIVAN = demoId('demo:option:lisbon-airport-private-transfer:minivan');
const LIMIT = 'Lisbon airport minivans';

/**
 * Issue 7: the demo's private airport minivan seats 4, a booking takes at most 2 and a day has 2
 * across all its starts; vehicles are taken with the places and come back with them.
 */
describe('HTTP: private options with vehicles', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  let adult: string;
  let n = 0;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
    schemas = await publishedSchemas(server);
    const trip = schemas.expectAnswer('getProduct', await server.request('GET', `/v1/public/products/${TRANSFER}`));
    const option = trip.options.find((o: any) => o.id === MINIVAN);
    expect(option).to.include({ vehicle: 'minivan', vehicle_seats: 4 });
    adult = option.units.find((u: any) => u.type === 'adult').id;
  });
  after(() => server.close());

  const selection = (start: string, qty: number) => ({ option_id: MINIVAN, start, units: [{ unit_id: adult, qty }] });
  const quote = (start: string, qty: number) => server.request('POST', '/v1/public/quotes', { body: selection(start, qty) });
  const hold = (start: string, qty: number) => server.request('POST', '/v1/public/holds', { body: selection(start, qty) });
  const dayOf = async (start: string) => {
    const month = schemas.expectAnswer('getCalendar', await server.request('GET', `/v1/public/options/${MINIVAN}/calendar?month=${start.slice(0, 7)}`));
    return month.find((d: any) => d.date === start.slice(0, 10));
  };
  /** Another start of the same day: the day's vehicles are shared by all its starts. */
  const sameDay = (start: string, time: string) => `${start.slice(0, 10)}T${time}`;

  async function book(start: string, qty: number): Promise<{ ref: string; token: string }> {
    n += 1;
    const held = await hold(start, qty);
    expect(held.status, held.text).to.equal(201);
    const lead = { name: `Traveller ${n}`, email: `minivan${n}@example.com`, phone: '+351 912 345 678' };
    const checkout = await server.request('POST', '/v1/public/checkout', {
      body: { ref: held.body.ref, lead, payment_method: 'pay_on_arrival', locale: 'en' },
    });
    expect(checkout.status, checkout.text).to.equal(200);
    return { ref: checkout.body.ref, token: checkout.body.booking_token };
  }

  it('quotes the vehicles a group needs, each with its seats, and the vehicle on each unit line', async () => {
    const start = await openStart(server, MINIVAN, '2026-12', '01');
    const five = schemas.expectAnswer('createQuote', await quote(start, 5));
    expect(five.vehicles).to.deep.equal([{ name: 'minivan', count: 2, seats: 4 }]);
    expect(five.lines.filter((l: any) => l.kind === 'unit').map((l: any) => l.vehicle)).to.deep.equal(['minivan']);
    expect(schemas.expectAnswer('createQuote', await quote(start, 4)).vehicles).to.deep.equal([{ name: 'minivan', count: 1, seats: 4 }]);
  });

  it('refuses VehicleLimitReached once holds take the day, on every start of it, and sells again when the hold runs out', async () => {
    const start = await openStart(server, MINIVAN, '2026-12', '03');
    const first = await hold(start, 5);
    expect(first.status, first.text).to.equal(201);
    expect(first.body.quote.vehicles).to.deep.equal([{ name: 'minivan', count: 2, seats: 4 }]);

    const later = sameDay(start, '20:00');
    const quoted = schemas.expectProblem(await quote(later, 1), 422, 'VehicleLimitReached');
    expect(quoted).to.include({ remainingVehicles: 0, limitName: LIMIT });
    expect(expectProblem(await hold(later, 1), 422, 'VehicleLimitReached')).to.include({ remainingVehicles: 0, limitName: LIMIT });
    // The calendar shows every start of the day sold out; the next day has its own minivans.
    expect(await dayOf(start)).to.deep.include({ status: 'sold_out' });
    expect((await dayOf(start)).starts.map((s: any) => s.status)).to.not.include('open');
    const next = await openStart(server, MINIVAN, '2026-12', '04');
    expect((await quote(next, 5)).status).to.equal(200);
    expect(await dayOf(next)).to.deep.include({ status: 'open' });

    server.clock.tick(16 * 60_000);
    expect(await server.expireHolds()).to.be.at.least(1);
    await server.engine.reactors.catchUp();
    expect(await dayOf(start)).to.deep.include({ status: 'open' });
    expect((await quote(later, 5)).status).to.equal(200);
    const again = await hold(later, 5);
    expect(again.status, again.text).to.equal(201);
  });

  it('decides the day strictly on holds: the read model may say a vehicle is left, the hold says what is', async () => {
    const start = await openStart(server, MINIVAN, '2026-12', '05');
    const holds = await Promise.all([hold(start, 4), hold(sameDay(start, '12:00'), 4), hold(sameDay(start, '16:00'), 4)]);
    expect(holds.map((h) => h.status).sort()).to.deep.equal([201, 201, 422]);
    const refused = holds.find((h) => h.status === 422) as (typeof holds)[number];
    expect(refused.body).to.include({ code: 'VehicleLimitReached', limitName: LIMIT });
  });

  it('gives a booking’s vehicles back when it is cancelled', async () => {
    const start = await openStart(server, MINIVAN, '2026-12', '07');
    const a = await book(start, 3);
    await book(sameDay(start, '14:00'), 2);
    expect(schemas.expectProblem(await quote(sameDay(start, '18:00'), 1), 422, 'VehicleLimitReached')).to.include({ remainingVehicles: 0 });

    const cancelled = await server.request('POST', `/v1/public/bookings/${a.ref}/cancel?token=${a.token}`, { body: { reason: 'plans changed' } });
    expect(cancelled.status, cancelled.text).to.equal(200);
    await server.engine.reactors.catchUp();
    const short = schemas.expectProblem(await quote(sameDay(start, '18:00'), 5), 422, 'VehicleLimitReached');
    expect(short).to.include({ remainingVehicles: 1, limitName: LIMIT });
    expect((await quote(sameDay(start, '18:00'), 4)).status).to.equal(200);
  });

  it('moves a booking of a start called off with its vehicles to the offered day', async () => {
    const start = await openStart(server, MINIVAN, '2026-12', '09');
    const offered = await openStart(server, MINIVAN, '2026-12', '11');
    const moved = await book(start, 5);
    const called = await server.request('POST', `/v1/options/${MINIVAN}/departures/${start}/call-off`, {
      key: null,
      secret: OWNER_KEY,
      body: { reason: 'vehicle_unavailable', offered_start: offered },
    });
    expect(called.status, called.text).to.equal(201);
    expect(called.body.bookings).to.deep.equal([{ ref: moved.ref, outcome: 'moved', start: offered }]);
    await server.engine.reactors.catchUp();
    // The offered day's two minivans are the moved booking's now; the day it left has both again.
    expect(schemas.expectProblem(await quote(sameDay(offered, '20:00'), 1), 422, 'VehicleLimitReached')).to.include({ remainingVehicles: 0 });
    expect((await quote(sameDay(start, '20:00'), 5)).status).to.equal(200);
  });

  it('moves a booking within its day on the vehicles it had, even when the day has no other vehicle left', async () => {
    const start = await openStart(server, MINIVAN, '2026-12', '12');
    const offered = sameDay(start, '22:00');
    const moved = await book(start, 5);
    const called = await server.request('POST', `/v1/options/${MINIVAN}/departures/${start}/call-off`, {
      key: null,
      secret: OWNER_KEY,
      body: { reason: 'vehicle_unavailable', offered_start: offered },
    });
    expect(called.status, called.text).to.equal(201);
    expect(called.body.bookings).to.deep.equal([{ ref: moved.ref, outcome: 'moved', start: offered }]);
    await server.engine.reactors.catchUp();
    expect(schemas.expectProblem(await quote(sameDay(start, '20:00'), 1), 422, 'VehicleLimitReached')).to.include({ remainingVehicles: 0 });
  });

  it('moves the stocked extras of a booking with it: the offered start has that much less left', async () => {
    const sail = demoId('demo:option:lisbon-sunset-sailing:standard');
    const wine = demoId('demo:extra:lisbon-sunset-sailing:sparkling');
    const trip = await server.request('GET', `/v1/public/products/${demoId('demo:product:lisbon-sunset-sailing')}`);
    const unitId = trip.body.options.find((o: any) => o.id === sail).units[0].id;
    const start = await openStart(server, sail, '2026-12', '14');
    const offered = await openStart(server, sail, '2026-12', '16');
    const bottles = (at: string, qty: number) => ({ option_id: sail, start: at, units: [{ unit_id: unitId, qty: 2 }], extras: [{ extra_id: wine, qty }] });
    const held = await server.request('POST', '/v1/public/holds', { body: bottles(start, 3) });
    expect(held.status, held.text).to.equal(201);
    const lead = { name: 'Sailor', email: 'sailor@example.com', phone: '+351 912 345 678' };
    const checkout = await server.request('POST', '/v1/public/checkout', {
      body: { ref: held.body.ref, lead, payment_method: 'pay_on_arrival', locale: 'en' },
    });
    expect(checkout.status, checkout.text).to.equal(200);

    const called = await server.request('POST', `/v1/options/${sail}/departures/${start}/call-off`, {
      key: null,
      secret: OWNER_KEY,
      body: { reason: 'weather', offered_start: offered },
    });
    expect(called.status, called.text).to.equal(201);
    expect(called.body.bookings).to.deep.equal([{ ref: checkout.body.ref, outcome: 'moved', start: offered }]);
    const short = expectProblem(await server.request('POST', '/v1/public/quotes', { body: bottles(offered, 2) }), 422, 'ExtraSoldOut');
    expect(short).to.include({ extraId: wine });
    expect(short.detail).to.contain('only 1');
  });

  it("books a seller's offer with the vehicles it needs, taken from the day", async () => {
    const start = await openStart(server, MINIVAN, '2026-12', '26');
    const lead = { name: 'Ana Lima', email: 'offer@example.com', phone: '+351 912 345 678' };
    const enquiry = await server.request('POST', '/v1/public/enquiries', {
      body: { kind: 'product', product_id: TRANSFER, name: lead.name, email: lead.email, message: 'Five of us with surf boards', locale: 'en' },
    });
    expect(enquiry.status, enquiry.text).to.equal(202);
    const made = await server.request('POST', `/v1/enquiries/${enquiry.body.id}/offers`, {
      key: null,
      secret: OWNER_KEY,
      body: { option_id: MINIVAN, start, units: [{ unit_id: adult, qty: 5 }], valid_until: '2026-11-29T18:00:00.000Z' },
    });
    expect(made.status, made.text).to.equal(201);
    await server.engine.reactors.catchUp();
    const mail = server.mails.filter((m) => m.to === lead.email).pop();
    const link = mail && /\/offers\/([0-9a-f-]+)\?token=(\S+)/.exec(mail.text);
    if (!link) throw new Error('no offer link mailed');
    const booked = await server.request('POST', '/v1/public/checkout', {
      body: { offer_id: link[1], offer_token: link[2], lead, payment_method: 'pay_on_arrival', locale: 'en' },
    });
    expect(booked.status, booked.text).to.equal(200);
    expect(booked.body.quote.vehicles).to.deep.equal([{ name: 'minivan', count: 2, seats: 4 }]);
    expect(expectProblem(await hold(sameDay(start, '20:00'), 1), 422, 'VehicleLimitReached')).to.include({ remainingVehicles: 0, limitName: LIMIT });
  });

  it('takes the vehicle rule from the seller, refuses a bad one with its field, and quotes VehicleCapacityExceeded past it', async () => {
    const seller = { key: null, secret: OWNER_KEY };
    const { id, published, created_at, updated_at, ...definition } = (await server.request('GET', `/v1/products/${TRANSFER}`, seller)).body;
    expect(definition.options[0].vehicles).to.deep.equal({ seats: 4, per_booking_max: 2, daily_limit: { name: LIMIT, count: 2 } });
    const withRule = (vehicles: unknown) => ({ ...definition, options: definition.options.map((o: any) => ({ ...o, vehicles })) });

    const above = expectProblem(
      await server.request('PUT', `/v1/products/${id}`, {
        ...seller,
        body: withRule({ seats: 4, per_booking_max: 3, daily_limit: { name: LIMIT, count: 2 } }),
      }),
      422,
      'InvalidInput',
    );
    expect(above.problems, JSON.stringify(above.problems)).to.deep.include({
      reason: 'above_daily_limit',
      field: 'options[0].vehicles.per_booking_max',
      detail: 'per_booking_max is above the vehicles the day has (daily_limit.count)',
      details: null,
    });
    const noSeats = expectProblem(
      await server.request('PUT', `/v1/products/${id}`, { ...seller, body: withRule({ seats: 0, per_booking_max: null, daily_limit: null }) }),
      422,
      'InvalidInput',
    );
    expect(JSON.stringify(noSeats.problems)).to.contain('seats');

    const one = await server.request('PUT', `/v1/products/${id}`, { ...seller, body: withRule({ seats: 4, per_booking_max: 1, daily_limit: null }) });
    expect(one.status, one.text).to.equal(200);
    const start = await openStart(server, MINIVAN, '2026-12', '18');
    const over = schemas.expectProblem(await quote(start, 5), 422, 'VehicleCapacityExceeded');
    expect(over).to.include({ pax: 5, seats: 4 });
    expect(schemas.expectAnswer('createQuote', await quote(start, 4)).vehicles).to.deep.equal([{ name: 'minivan', count: 1, seats: 4 }]);
  });

  it("lets a request of an on_request option take the day's vehicles while it waits, and give them back when withdrawn", async () => {
    const seller = { key: null, secret: OWNER_KEY };
    const { id, published, created_at, updated_at, ...definition } = (await server.request('GET', `/v1/products/${TRANSFER}`, seller)).body;
    const onRequest = {
      ...definition,
      options: definition.options.map((o: any) => ({
        ...o,
        capacity_mode: 'on_request',
        vehicles: { seats: 4, per_booking_max: 2, daily_limit: { name: LIMIT, count: 2 } },
      })),
    };
    const put = await server.request('PUT', `/v1/products/${id}`, { ...seller, body: onRequest });
    expect(put.status, put.text).to.equal(200);
    const start = await openStart(server, MINIVAN, '2026-12', '21');
    const request = (at: string, qty: number, email: string) =>
      server.request('POST', '/v1/public/checkout', {
        body: { ...selection(at, qty), lead: { name: 'Ana Lima', email, phone: '+351 912 345 678' }, payment_method: 'pay_on_arrival', locale: 'en' },
      });

    const first = await request(start, 5, 'ana@example.com');
    expect(first.status, first.text).to.equal(200);
    expect(first.body).to.include({ status: 'pending' });
    expect(expectProblem(await request(sameDay(start, '20:00'), 1, 'rui@example.com'), 422, 'VehicleLimitReached')).to.include({
      remainingVehicles: 0,
      limitName: LIMIT,
    });

    const withdrawn = await server.request('POST', `/v1/public/bookings/${first.body.ref}/cancel?token=${first.body.booking_token}`, {
      body: { reason: 'Found a taxi' },
    });
    expect(withdrawn.status, withdrawn.text).to.equal(200);
    await server.engine.reactors.catchUp();
    const second = await request(sameDay(start, '20:00'), 5, 'rui@example.com');
    expect(second.status, second.text).to.equal(200);
  });
});
