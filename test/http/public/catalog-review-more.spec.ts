import { expect } from 'chai';
import { DIRECT_KEY, MARKET_KEY, TestServer, expectProblem, openStart, startTestServer } from '../harness';

/** More of the black-box review of issue 6 (findings F4, F5, F8, F10), asked as an outside client would. */
describe('HTTP: trip pages, price ranges and ways to pay after the second review (issue 6)', () => {
  let server: TestServer;
  const get = (path: string, key: string = DIRECT_KEY) => server.request('GET', path, { key });

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
  });
  after(() => server.close());

  it('documents every field of the trip answer, the cover among them (F4)', async () => {
    const doc = (await server.request('GET', '/v1/openapi.json', { key: null })).body;
    const trip = (await get('/v1/public/products/lisbon-alfama-walking-tour')).body;
    const schema = doc.components.schemas.Trip;
    const documented = new Set([...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap((s: any) => Object.keys(s.properties ?? {}))]);
    expect(Object.keys(trip).filter((field) => !documented.has(field))).to.deep.equal([]);
    expect(trip).to.have.property('cover');
  });

  it('answers 404 for a trip asked with a seller that is not its own, by id or by slug, on both storefronts (F5)', async () => {
    for (const key of [DIRECT_KEY, MARKET_KEY]) {
      const trip = (await get('/v1/public/products/lisbon-alfama-walking-tour?seller=atlas-trails', key)).body;
      expect(trip.seller.slug).to.equal('atlas-trails');
      expect((await get(`/v1/public/products/${trip.id}?seller=Atlas-Trails`, key)).status).to.equal(200);
      expectProblem(await get(`/v1/public/products/${trip.id}?seller=muscat-dunes`, key), 404, 'NotFound');
      expectProblem(await get('/v1/public/products/lisbon-alfama-walking-tour?seller=muscat-dunes', key), 404, 'NotFound');
    }
  });

  it('refuses a min_price above max_price with 422 naming min_price, as search does for durations (F8)', async () => {
    const body = expectProblem(await get('/v1/public/products?min_price=5000&max_price=100'), 422, 'InvalidInput');
    expect(body.problems[0]).to.deep.include({ reason: 'invalid_value', field: 'min_price' });
    expect(body.problems[0].detail).to.match(/min_price \(5000\) must not exceed max_price \(100\)/);
    expect((await get('/v1/public/products?min_price=100&max_price=100')).status).to.equal(200);
  });

  it('offers no way to pay for a start the option does not run, and still 422 for a date that does not exist (F10)', async () => {
    const trip = (await get('/v1/public/products/lisbon-alfama-walking-tour')).body;
    const option = trip.options[0];
    const start = await openStart(server, option.id);
    const methods = (at: string) => get(`/v1/public/payment-methods?option_id=${option.id}&start=${at}`);
    expect((await methods(start)).body).to.not.deep.equal([]);
    const offBy = start.length > 10 ? `${start.slice(0, 14)}${start.slice(14) === '01' ? '02' : '01'}` : `${start}T03:17`;
    expect((await methods(offBy)).body).to.deep.equal([]);
    expectProblem(await methods('2026-02-30T09:00'), 422, 'InvalidInput');
  });
});
