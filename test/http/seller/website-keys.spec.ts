import { expect } from 'chai';
import { demoId } from '../../../infra/seed/demo-catalog';
import { OWNER_KEY, READONLY_KEY, TestServer, openStart, simpleTrip, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

const ATLAS_SITE = demoId('demo:storefront:atlas-trails');
const MARKETPLACE = demoId('demo:storefront:tripmarket');
const HOUR = 3_600_000;

/** Issue 10, spec part 5: website keys and allowed origins, managed by the seller that runs the storefront. */
describe('HTTP: website keys and allowed origins (keys:manage)', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  const seller = (secret = OWNER_KEY) => ({
    get: (url: string) => server.request('GET', url, { key: null, secret }),
    post: (url: string, body?: unknown) => server.request('POST', url, { key: null, secret, body }),
    put: (url: string, body: unknown) => server.request('PUT', url, { key: null, secret, body }),
    delete: (url: string) => server.request('DELETE', url, { key: null, secret }),
  });
  const site = (key: string, headers: Record<string, string> = {}) => server.request('GET', '/v1/public/storefront', { key, headers });
  const keys = `/v1/storefronts/${ATLAS_SITE}/website-keys`;

  before(async () => {
    server = await startTestServer({ secretKeyLimitPerMinute: 100_000 });
    schemas = await publishedSchemas(server);
  });
  after(() => server.close());

  it('issues a key shown once, which opens the storefront and is listed without its secret', async () => {
    const made = schemas.expectAnswer('createWebsiteKey', await seller().post(keys));
    expect(made.key).to.match(/^tp_pk_[A-Za-z0-9_-]{22,}$/);
    expect(made.retires_at).to.equal(null);
    expect((await site(made.key)).status).to.equal(200);
    const listed = schemas.expectAnswer('listWebsiteKeys', await seller().get(keys));
    expect(listed.data.find((k: { id: string }) => k.id === made.id)).to.deep.equal({ id: made.id, created_at: made.created_at, retires_at: null });
    expect(JSON.stringify(listed)).to.not.include(made.key);
    const events = await server.engine.events.readAll(-1, 100_000);
    expect(JSON.stringify(events)).to.not.include(made.key);
  });

  it('rotates a key: the old one works 24 hours beside the new one, then stops', async () => {
    const old = (await seller().post(keys)).body;
    const rotated = schemas.expectAnswer('rotateWebsiteKey', await seller().post(`${keys}/${old.id}/rotate`));
    expect(rotated.id).to.not.equal(old.id);
    expect((await site(old.key)).status).to.equal(200);
    expect((await site(rotated.key)).status).to.equal(200);
    const listed = (await seller().get(keys)).body.data;
    expect(listed.find((k: { id: string }) => k.id === old.id).retires_at).to.equal(new Date(Date.now() + 24 * HOUR).toISOString());
    const again = schemas.expectProblem(await seller().post(`${keys}/${old.id}/rotate`), 409, 'Conflict');
    expect(again.reason).to.equal('key_rotated');

    server.clock.tick(24 * HOUR - 1000);
    expect((await site(old.key)).status).to.equal(200);
    server.clock.tick(1000);
    schemas.expectProblem(await site(old.key), 401, 'Unauthenticated');
    expect((await site(rotated.key)).status).to.equal(200);
    const after = (await seller().get(keys)).body.data.map((k: { id: string }) => k.id);
    expect(after).to.include(rotated.id).and.not.include(old.id);
  });

  it('rotates with a grace of its own, 0 stopping the old key at once', async () => {
    const old = (await seller().post(keys)).body;
    const rotated = (await seller().post(`${keys}/${old.id}/rotate`, { grace_hours: 0 })).body;
    schemas.expectProblem(await site(old.key), 401, 'Unauthenticated');
    expect((await site(rotated.key)).status).to.equal(200);
  });

  it('revokes a key at once, also one in its grace', async () => {
    const made = (await seller().post(keys)).body;
    const rotated = (await seller().post(`${keys}/${made.id}/rotate`)).body;
    expect((await site(made.key)).status).to.equal(200);
    schemas.expectAnswer('revokeWebsiteKey', await seller().delete(`${keys}/${made.id}`));
    schemas.expectProblem(await site(made.key), 401, 'Unauthenticated');
    schemas.expectAnswer('revokeWebsiteKey', await seller().delete(`${keys}/${rotated.id}`));
    schemas.expectProblem(await site(rotated.key), 401, 'Unauthenticated');
    schemas.expectProblem(await seller().delete(`${keys}/${rotated.id}`), 404, 'NotFound');
  });

  it('edits the allowed origins, which browsers meet on their next request', async () => {
    const made = (await seller().post(keys)).body;
    const shop = { Origin: 'https://shop.atlastrails.example' };
    const refused = schemas.expectProblem(await site(made.key, shop), 403, 'OriginNotAllowed');
    expect(refused.origin).to.equal(shop.Origin);
    const origins = ['https://www.atlastrails.example', shop.Origin];
    const set = schemas.expectAnswer('setAllowedOrigins', await seller().put(`/v1/storefronts/${ATLAS_SITE}/allowed-origins`, { allowed_origins: origins }));
    expect(set.allowed_origins).to.deep.equal(origins);
    const answered = await site(made.key, shop);
    expect(answered.status).to.equal(200);
    expect(answered.headers.get('access-control-allow-origin')).to.equal(shop.Origin);
    schemas.expectProblem(await site(made.key, { Origin: 'http://localhost:3000' }), 403, 'OriginNotAllowed');
    schemas.expectProblem(await seller().put(`/v1/storefronts/${ATLAS_SITE}/allowed-origins`, { allowed_origins: ['shop.example/path'] }), 422, 'InvalidInput');
  });

  it("sets the storefront's manage page, which the traveller's booking mails link to", async () => {
    const page = `/v1/storefronts/${ATLAS_SITE}/manage-page`;
    const set = schemas.expectAnswer('setManagePage', await seller().put(page, { manage_url: 'https://trips.example/account/booking' }));
    expect(set).to.deep.equal({ manage_url: 'https://trips.example/account/booking' });
    for (const manage_url of ['javascript:alert(1)', 'https://trips.example/account?x=1', 'account/booking']) {
      schemas.expectProblem(await seller().put(page, { manage_url }), 422, 'InvalidInput');
    }
    const trip = await simpleTrip(server);
    const start = await openStart(server, trip.optionId);
    const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] } });
    const lead = { name: 'Ana Lima', email: 'manage-page@example.com', phone: '+351912345678' };
    const booked = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' } });
    expect(booked.status, booked.text).to.equal(200);
    await server.engine.reactors.catchUp();
    const mail = server.mails.find((m) => m.to === lead.email && m.booking?.ref === booked.body.ref);
    expect(mail?.text).to.include(`https://trips.example/account/booking?ref=${booked.body.ref}&token=${booked.body.booking_token}`);
    expect(schemas.expectAnswer('setManagePage', await seller().put(page, { manage_url: null }))).to.deep.equal({ manage_url: null });
  });

  it("refuses another seller's storefront, keys without keys:manage, and unknown storefronts", async () => {
    const other = schemas.expectProblem(await seller().get(`/v1/storefronts/${MARKETPLACE}/website-keys`), 403, 'NotPermitted');
    expect(other).to.include({ permission: 'keys:manage', reason: 'no_operator' });
    const lacking = schemas.expectProblem(await seller(READONLY_KEY).post(keys), 403, 'NotPermitted');
    expect(lacking).to.include({ permission: 'keys:manage', reason: 'missing_permission' });
    const unknown = schemas.expectProblem(await seller().get('/v1/storefronts/nowhere/website-keys'), 404, 'NotFound');
    expect(unknown.entity).to.equal('storefront');
  });
});
