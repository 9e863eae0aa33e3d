import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { DIRECT_KEY, MARKET_KEY, TestServer, expectProblem, startTestServer } from '../harness';
import { type PublishedSchemas, publishedSchemas } from '../openapi-answers';
import { signIn } from './traveller-sign-in';

const NOW = '2026-11-22T08:00:00.000Z';

/** Spec 4.6 over HTTP: the traveller signs in by emailed link and the site passes the session cookie on with the website key. */
describe('saved trips over HTTP', function () {
  this.timeout(60_000);
  let server: TestServer;
  let schemas: PublishedSchemas;
  let cookie: string;
  let trips: { id: string; slug: string }[];

  beforeEach(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000 }, new Date(NOW));
    schemas = await publishedSchemas(server);
    cookie = await signIn(server, 'ana@example.com');
    trips = (await server.request('GET', '/v1/public/products?limit=100')).body.data;
  });
  afterEach(async () => server.close());

  const as = (sessionCookie: string | null, key = DIRECT_KEY): { key: string; headers: Record<string, string> } => ({
    key,
    headers: sessionCookie ? { Cookie: sessionCookie } : {},
  });
  const ids = (answer: { body: { data: { id: string }[] } }) => answer.body.data.map((t) => t.id);

  it('every endpoint needs the traveller session: 401 Unauthenticated without it', async () => {
    const id = trips[0].id;
    for (const [method, url, body] of [
      ['GET', '/v1/public/me/saved-trips', undefined],
      ['POST', '/v1/public/me/saved-trips', { trip: id }],
      ['GET', `/v1/public/me/saved-trips/${id}`, undefined],
      ['POST', `/v1/public/me/saved-trips/${id}`, undefined],
      ['DELETE', `/v1/public/me/saved-trips/${id}`, undefined],
    ] as const) {
      schemas.expectProblem(await server.request(method, url, { ...as(null), body }), 401, 'Unauthenticated');
      schemas.expectProblem(await server.request(method, url, { ...as('tp_session=not-a-session'), body }), 401, 'Unauthenticated');
    }
  });

  it('saves, lists, answers whether a trip is saved and unsaves, each answer as the OpenAPI document publishes it', async () => {
    const [a, b] = trips;
    expect(schemas.expectAnswer('listSavedTrips', await server.request('GET', '/v1/public/me/saved-trips', as(cookie)))).to.deep.equal({ data: [] });

    const one = schemas.expectAnswer('saveTrip', await server.request('POST', `/v1/public/me/saved-trips/${a.id}`, as(cookie)));
    expect(one).to.deep.include({ id: a.id, slug: a.slug, saved_at: NOW });
    server.clock.tick(60_000);
    const list = await server.request('POST', '/v1/public/me/saved-trips', { ...as(cookie), body: { trip: b.slug } });
    schemas.expectAnswer('saveTrips', list);
    expect(ids(list)).to.deep.equal([b.id, a.id]);
    expect(list.headers.get('cache-control')).to.equal('no-store');

    const got = await server.request('GET', `/v1/public/me/saved-trips/${a.id}`, as(cookie));
    expect(schemas.expectAnswer('getSavedTrip', got)).to.deep.equal(one);
    const listed = await server.request('GET', '/v1/public/me/saved-trips', as(cookie));
    expect(schemas.expectAnswer('listSavedTrips', listed)).to.deep.equal(list.body);
    expect(listed.headers.get('cache-control')).to.equal('no-store');

    for (let i = 0; i < 2; i++) {
      const removed = await server.request('DELETE', `/v1/public/me/saved-trips/${a.id}`, as(cookie));
      expect(schemas.expectAnswer('unsaveTrip', removed)).to.deep.equal({ product_id: a.id, saved: false });
    }
    expect(schemas.expectProblem(await server.request('GET', `/v1/public/me/saved-trips/${a.id}`, as(cookie)), 404, 'NotFound').entity).to.equal('saved_trip');
    expect(ids(await server.request('GET', '/v1/public/me/saved-trips', as(cookie)))).to.deep.equal([b.id]);
  });

  it("merges a guest's list on sign-in: duplicates once, unknown trips refused by their position", async () => {
    const [a, b, c] = trips;
    const refused = schemas.expectProblem(
      await server.request('POST', '/v1/public/me/saved-trips', {
        ...as(cookie),
        body: { trips: [{ trip: a.id }, { trip: b.slug }, { trip: c.id }, { trip: 'no-such-trip' }] },
      }),
      422,
      'InvalidInput',
    );
    expect(refused.problems.map((p: { field: string; reason: string }) => [p.field, p.reason])).to.deep.equal([['trips[3].trip', 'unknown_trip']]);
    expect(ids(await server.request('GET', '/v1/public/me/saved-trips', as(cookie)))).to.deep.equal([]);

    const merged = await server.request('POST', '/v1/public/me/saved-trips', {
      ...as(cookie),
      body: { trips: [{ trip: a.id }, { trip: b.slug }, { trip: a.slug }, { trip: c.id }] },
    });
    expect(ids({ body: schemas.expectAnswer('saveTrips', merged) })).to.deep.equal([a.id, b.id, c.id]);
  });

  it('checks the body and the path: one of trip and trips, at most 200 trips, a trip id that is a UUID', async () => {
    const post = (body: unknown) => server.request('POST', '/v1/public/me/saved-trips', { ...as(cookie), body });
    const fields = (answer: { body: { problems: { field: string }[] } }) => answer.body.problems.map((p) => p.field);
    expect(fields({ body: expectProblem(await post({}), 422, 'InvalidInput') })).to.deep.equal(['trip']);
    expect(fields({ body: expectProblem(await post({ trip: trips[0].id, trips: [{ trip: trips[1].id }] }), 422, 'InvalidInput') })).to.deep.equal(['trips']);
    expect(fields({ body: expectProblem(await post({ trips: [] }), 422, 'InvalidInput') })).to.deep.equal(['trips']);
    const tooMany = Array.from({ length: 201 }, () => ({ trip: trips[0].id }));
    expect(expectProblem(await post({ trips: tooMany }), 422, 'InvalidInput').detail).to.equal('trips must list at most 200 items');
    expect(fields({ body: expectProblem(await post({ trips: [{ seller: 'atlas-trails' }] }), 422, 'InvalidInput') })).to.deep.equal(['trips[0].trip']);
    const notUuid = expectProblem(await server.request('POST', '/v1/public/me/saved-trips/not-a-uuid', as(cookie)), 422, 'InvalidInput');
    expect(notUuid.problems.map((p: { field: string }) => p.field)).to.deep.equal(['productId']);
    const unknown = await server.request('POST', `/v1/public/me/saved-trips/${randomUUID()}`, as(cookie));
    expect(expectProblem(unknown, 404, 'NotFound').entity).to.equal('product');
  });

  it("a session opens its own storefront's list only; each storefront and each email has its own", async () => {
    await server.request('POST', `/v1/public/me/saved-trips/${trips[0].id}`, as(cookie));
    schemas.expectProblem(await server.request('GET', '/v1/public/me/saved-trips', as(cookie, MARKET_KEY)), 401, 'Unauthenticated');
    const onMarket = await signIn(server, 'ana@example.com', MARKET_KEY);
    expect(schemas.expectAnswer('listSavedTrips', await server.request('GET', '/v1/public/me/saved-trips', as(onMarket, MARKET_KEY))).data).to.deep.equal([]);
    const bo = await signIn(server, 'bo@example.com');
    expect(schemas.expectAnswer('listSavedTrips', await server.request('GET', '/v1/public/me/saved-trips', as(bo))).data).to.deep.equal([]);
    expect(ids(await server.request('GET', '/v1/public/me/saved-trips', as(cookie)))).to.deep.equal([trips[0].id]);
  });
});
