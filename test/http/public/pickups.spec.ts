import { expect } from 'chai';
import { DIRECT_KEY, MARKET_KEY, OWNER_KEY, TestServer, openStart, startTestServer } from '../harness';
import { publishedSchemas } from '../openapi-answers';

const lead = { name: 'Ana Lima', email: 'ana.lima@example.com', phone: '+351 912 345 678' };

const AVENIDA_PALACE = 'a3c1e0f2-5b7d-4e8a-9c10-2f4d6b8a0c11';
const PESTANA_PALACE = 'c5e2f374-9dab-4a2c-b3e4-4f6a8bac2d33';
const AIRPORT_AREA = '6f1c2a3b-4d5e-4f60-8a71-b2c3d4e5f603';
const CENTRE_AREA = '6f1c2a3b-4d5e-4f60-8a71-b2c3d4e5f601';
const CASCAIS_AREA = '6f1c2a3b-4d5e-4f60-8a71-b2c3d4e5f604';

describe('HTTP: pickup places and pickup resolve (spec 2.4, 4.3, 4.4)', () => {
  let server: TestServer;
  let expectAnswer: Awaited<ReturnType<typeof publishedSchemas>>['expectAnswer'];
  let expectProblem: Awaited<ReturnType<typeof publishedSchemas>>['expectProblem'];
  /** The Sintra trip's private minivan: areas with polygons, an area without a shape and an airport that asks for the flight. */
  let sintra: { optionId: string; adult: string; start: string; pickup: any };
  /** The Sintra trip's group option, which has no pickup. */
  let noPickup: string;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
    ({ expectAnswer, expectProblem } = await publishedSchemas(server));
    const trip = expectAnswer('getProduct', await server.request('GET', '/v1/public/products/sintra-palaces-day-trip'));
    const option = trip.options.find((o: any) => o.pickup);
    noPickup = trip.options.find((o: any) => !o.pickup).id;
    const adult = option.units.find((u: any) => u.type === 'adult').id;
    sintra = { optionId: option.id, adult, start: await openStart(server, option.id), pickup: option.pickup };
  });
  after(() => server.close());

  const search = (q: string, key = DIRECT_KEY, locale = '') =>
    server.request('GET', `/v1/public/places/search?q=${encodeURIComponent(q)}${locale ? `&locale=${locale}` : ''}`, { key });
  const resolve = (query: string, optionId = sintra.optionId) => server.request('GET', `/v1/public/options/${optionId}/pickup/resolve?${query}`);
  const quote = (pickup: unknown, extra: Record<string, unknown> = {}) =>
    server.request('POST', '/v1/public/quotes', {
      body: { option_id: sintra.optionId, start: sintra.start, units: [{ unit_id: sintra.adult, qty: 2 }], pickup, ...extra },
    });

  describe('the trip page', () => {
    it("shows each pickup area's id, name, kind, shape, window and what it asks", () => {
      const rules = sintra.pickup.pickup_rules;
      expect(rules.map((r: any) => r.area)).to.deep.equal(['Lisbon city centre', 'Belém', 'Cascais and Estoril', 'Lisbon Airport (LIS)']);
      expect(rules[0]).to.deep.include({ id: CENTRE_AREA, kind: 'hotel', window: { from_min: 30, to_min: 10 }, asks: [] });
      expect(rules[0].shape.type).to.equal('polygon');
      // Issue 7: every demo area has a UUID id, an area without a shape too.
      expect(rules[2]).to.deep.include({ id: CASCAIS_AREA, shape: null, window: null, asks: [] });
      expect(rules[3]).to.deep.include({
        id: AIRPORT_AREA,
        kind: 'airport',
        shape: { type: 'circle', center: { lat: 38.7742, lng: -9.1342 }, radius_m: 1500 },
        asks: ['flight'],
      });
    });
  });

  describe('GET /v1/public/places/search', () => {
    it('finds places as the traveller types: a word start, then a whole word', async () => {
      const started = expectAnswer('searchPickupPlaces', await search('aven'));
      expect(started.data.map((p: any) => p.name)).to.deep.equal(['Avenida Palace', 'Tivoli Avenida Liberdade']);
      expect(started.data[0]).to.deep.equal({ id: AVENIDA_PALACE, name: 'Avenida Palace', kind: 'hotel', lat: 38.7149, lng: -9.141 });
      const whole = expectAnswer('searchPickupPlaces', await search('avenida palace'));
      expect(whole.data.map((p: any) => p.id)).to.deep.equal([AVENIDA_PALACE]);
    });

    it('forgives a typo and accents', async () => {
      expect((await search('pestna')).body.data.map((p: any) => p.id)).to.deep.equal([PESTANA_PALACE]);
      expect((await search('avneida palace')).body.data.map((p: any) => p.id)).to.deep.equal([AVENIDA_PALACE]);
      expect((await search('praca comercio')).body.data.map((p: any) => p.kind)).to.deep.equal(['meeting_point']);
    });

    it('names places in the locale when they have a name in it, else in English', async () => {
      const es = expectAnswer('searchPickupPlaces', await search('aeropuerto', DIRECT_KEY, 'es'));
      expect(es.data.map((p: any) => p.name)).to.deep.equal(['Aeropuerto de Lisboa (LIS)']);
      const de = expectAnswer('searchPickupPlaces', await search('pestana', DIRECT_KEY, 'de'));
      expect(de.data.map((p: any) => p.name)).to.deep.equal(['Pestana Palace']);
    });

    it("lists only places in a pickup area of the storefront's trips, at most 10", async () => {
      const riads = expectAnswer('searchPickupPlaces', await search('riad kniza'));
      expect(riads.data.map((p: any) => p.name)).to.deep.equal(['Riad Kniza']);
      expect((await search('zzzz')).body.data).to.deep.equal([]);
      // Every place found lies in a shaped area of one of the site's trips, on each storefront.
      for (const key of [DIRECT_KEY, MARKET_KEY]) {
        const all = expectAnswer('searchPickupPlaces', await search('a', key));
        expect(all.data.length).to.be.at.most(10);
      }
    });

    it('is routed apart from the place page of the filter lists', async () => {
      const page = await server.request('GET', '/v1/public/places/alfama');
      expect(page.status).to.equal(200);
      expect(page.body.slug).to.equal('alfama');
      expectProblem(await server.request('GET', '/v1/public/places/search'), 422, 'InvalidInput');
    });
  });

  describe('GET /v1/public/options/{optionId}/pickup/resolve', () => {
    it('offers pickup at a library hotel: the area, its window before the start, price and asks', async () => {
      const answer = expectAnswer('resolvePickup', await resolve(`place_id=${AVENIDA_PALACE}&start=${sintra.start}`));
      const at = (minutes: number) => {
        const d = new Date(`${sintra.start}:00Z`);
        return new Date(d.getTime() - minutes * 60_000).toISOString().slice(0, 16);
      };
      expect(answer).to.deep.equal({
        offered: true,
        area: { id: CENTRE_AREA, name: 'Lisbon city centre', kind: 'hotel' },
        window: { from_min: 30, to_min: 10, from: at(30), to: at(10) },
        price: { amount: 0, currency: 'USD' },
        asks: [],
      });
    });

    it('resolves coordinates into the area whose shape covers them, priced in the currency asked', async () => {
      const airport = expectAnswer('resolvePickup', await resolve('lat=38.7750&lng=-9.1350&currency=EUR'));
      expect(airport).to.deep.include({ offered: true, area: { id: AIRPORT_AREA, name: 'Lisbon Airport (LIS)', kind: 'airport' }, asks: ['flight'] });
      expect(airport.window).to.deep.equal({ from_min: 60, to_min: 30, from: null, to: null });
      expect(airport.price.currency).to.equal('EUR');
      const belem = expectAnswer('resolvePickup', await resolve(`place_id=${PESTANA_PALACE}`));
      expect(belem.area.name).to.equal('Belém');
    });

    it('names an area by its id, an area without a shape too', async () => {
      expect(expectAnswer('resolvePickup', await resolve(`place_id=${AIRPORT_AREA}`)).area.name).to.equal('Lisbon Airport (LIS)');
      const cascais = expectAnswer('resolvePickup', await resolve(`place_id=${CASCAIS_AREA}`));
      expect(cascais).to.deep.include({ offered: true, area: { id: CASCAIS_AREA, name: 'Cascais and Estoril', kind: 'hotel' }, window: null });
      expect(cascais.price).to.deep.equal({ amount: 3000, currency: 'USD' });
    });

    it('refuses a start that is not a real local start (InvalidInput, field start) or one the option does not run (SlotClosed)', async () => {
      const bad = expectProblem(await resolve(`place_id=${AIRPORT_AREA}&start=2026-13-40T09:00`), 422, 'InvalidInput');
      expect(bad.problems.map((p: any) => p.field)).to.deep.equal(['start']);
      expectProblem(await resolve(`place_id=${AIRPORT_AREA}&start=${sintra.start.slice(0, 10)}T07:00`), 422, 'SlotClosed');
      const real = expectAnswer('resolvePickup', await resolve(`place_id=${AIRPORT_AREA}&start=${sintra.start}`));
      expect(real.window.from).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    });

    it('says why not: outside_area, unknown_place, no_pickup', async () => {
      expect(expectAnswer('resolvePickup', await resolve('lat=41.1579&lng=-8.6291'))).to.deep.equal({ offered: false, reason: 'outside_area' });
      expect(expectAnswer('resolvePickup', await resolve('place_id=nowhere'))).to.deep.equal({ offered: false, reason: 'unknown_place' });
      expect(expectAnswer('resolvePickup', await resolve(`place_id=${AVENIDA_PALACE}`, noPickup))).to.deep.equal({ offered: false, reason: 'no_pickup' });
    });

    it('refuses a request that gives neither or both ways, an unknown option and a currency not offered', async () => {
      expectProblem(await resolve(''), 422, 'InvalidInput');
      expectProblem(await resolve('lat=38.7'), 422, 'InvalidInput');
      expectProblem(await resolve(`place_id=${AVENIDA_PALACE}&lat=38.7&lng=-9.1`), 422, 'InvalidInput');
      expectProblem(await resolve('lat=91&lng=0'), 422, 'InvalidInput');
      expectProblem(await resolve(`place_id=${AVENIDA_PALACE}`, 'no-such-option'), 404, 'NotFound');
      expectProblem(await resolve(`place_id=${AVENIDA_PALACE}&currency=XXX`), 422, 'CurrencyNotEnabled');
    });
  });

  describe('quotes and checkout', () => {
    it('prices pickup by coordinates and by a library place, as resolve does', async () => {
      const byPoint = expectAnswer('createQuote', await quote({ lat: 38.7742, lng: -9.1342 }));
      const line = byPoint.lines.find((l: any) => l.kind === 'pickup');
      expect(line).to.deep.include({ label: 'Pickup: Lisbon Airport (LIS)', qty: 1, total: { amount: 2500, currency: 'USD' } });
      // Spec 2.6: a line's ref is an id, the pickup area's for a pickup line; the quote's pickup names the area by id too.
      expect(line.ref).to.equal(AIRPORT_AREA);
      expect(byPoint.pickup).to.deep.equal({ id: AIRPORT_AREA, area: 'Lisbon Airport (LIS)', price: { amount: 2500, currency: 'USD' } });
      const byPlace = expectAnswer('createQuote', await quote({ place_id: PESTANA_PALACE }));
      expect(byPlace.pickup.area).to.equal('Belém');
      const byArea = expectAnswer('createQuote', await quote({ place_id: CENTRE_AREA }));
      expect(byArea.pickup.area).to.equal('Lisbon city centre');
    });

    it('refuses a malformed pickup as InvalidInput naming the field pickup, as resolve does', async () => {
      for (const pickup of [{}, { lat: 38.7 }, { lng: -9.1 }, { place_id: AIRPORT_AREA, lat: 38.7742, lng: -9.1342 }]) {
        const problem = expectProblem(await quote(pickup), 422, 'InvalidInput');
        expect(problem.problems, JSON.stringify(pickup)).to.have.length(1);
        expect(problem.problems[0]).to.deep.include({
          reason: 'pickup_where',
          field: 'pickup',
          detail: 'pickup must give either place_id, or both lat and lng',
        });
      }
    });

    it('refuses PickupNotOffered with the reason', async () => {
      expect(expectProblem(await quote({ lat: 41.1579, lng: -8.6291 }), 422, 'PickupNotOffered').reason).to.equal('outside_area');
      expect(expectProblem(await quote({ place_id: 'nowhere' }), 422, 'PickupNotOffered').reason).to.equal('unknown_place');
      const none = await server.request('POST', '/v1/public/quotes', {
        body: {
          option_id: noPickup,
          start: await openStart(server, noPickup),
          units: [{ unit_id: await adultOf(noPickup), qty: 1 }],
          pickup: { place_id: AVENIDA_PALACE },
        },
      });
      expect(expectProblem(none, 422, 'PickupNotOffered').reason).to.equal('no_pickup');
    });

    it('refuses checkout with PickupDetailsRequired until the flight is given, then books', async () => {
      const hold = await server.request('POST', '/v1/public/holds', {
        body: { option_id: sintra.optionId, start: sintra.start, units: [{ unit_id: sintra.adult, qty: 2 }], pickup: { place_id: AIRPORT_AREA } },
      });
      expect(hold.status, hold.text).to.equal(201);
      const checkout = (details?: Record<string, string>) =>
        server.request('POST', '/v1/public/checkout', {
          body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival', ...(details ? { pickup_details: details } : {}) },
        });
      expect(expectProblem(await checkout(), 422, 'PickupDetailsRequired').missing).to.deep.equal(['flight']);
      expect(expectProblem(await checkout({ flight: ' ' }), 422, 'PickupDetailsRequired').missing).to.deep.equal(['flight']);
      const booked = await checkout({ flight: 'TP 1351' });
      expect(booked.status, booked.text).to.be.oneOf([200, 201]);
      expect(booked.body.ref).to.equal(hold.body.ref);
      // The seller sees the flight to meet.
      const seen = await server.request('GET', `/v1/bookings/${booked.body.ref}`, { key: null, secret: OWNER_KEY });
      expect(seen.body.pickup_details).to.deep.equal({ flight: 'TP 1351' });
    });
  });

  async function adultOf(optionId: string): Promise<string> {
    const trip = await server.request('GET', '/v1/public/products/sintra-palaces-day-trip');
    return trip.body.options.find((o: any) => o.id === optionId).units.find((u: any) => u.type === 'adult').id;
  }
});
