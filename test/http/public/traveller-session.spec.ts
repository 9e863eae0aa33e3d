import { expect } from 'chai';
import { DIRECT_KEY, MARKET_KEY, type SimpleTrip, type TestServer, openStart, simpleTrip, startTestServer } from '../harness';
import { type PublishedSchemas, publishedSchemas } from '../openapi-answers';
import { book, signIn } from './traveller-sign-in';

describe('HTTP: the traveller session (spec 4.5, 4.6, 5.6)', () => {
  let server: TestServer;
  let published: PublishedSchemas;
  let trip: SimpleTrip;
  let start: string;

  before(async () => {
    server = await startTestServer();
    published = await publishedSchemas(server);
    trip = await simpleTrip(server);
    start = await openStart(server, trip.optionId);
  });
  after(() => server.close());

  // The Cookie header as a browser sends it to the site, passed on whole with the website key.
  const as = (cookie: string, key = DIRECT_KEY): { key: string; headers: Record<string, string> } => ({
    key,
    headers: { Cookie: `theme=dark; ${cookie}; other=1` },
  });

  it("opens the traveller's own bookings without a token (view, refund preview, cancel), and nobody else's", async () => {
    const own = await book(server, trip, 'Owner@Example.com', start);
    const other = await book(server, trip, 'someone.else@example.com', start);
    const cookie = await signIn(server, 'owner@example.com');

    published.expectAnswer('getBooking', await server.request('GET', `/v1/public/bookings/${own.ref}`, as(cookie)));
    published.expectAnswer('getRefund', await server.request('GET', `/v1/public/bookings/${own.ref}/refund`, as(cookie)));

    const missing = await server.request('GET', '/v1/public/bookings/TP-AAAA-AAAA', as(cookie));
    const others = await server.request('GET', `/v1/public/bookings/${other.ref}`, as(cookie));
    published.expectProblem(others, 404, 'NotFound');
    expect(others.body).to.deep.equal(missing.body);
    expect((await server.request('POST', `/v1/public/bookings/${other.ref}/cancel`, as(cookie))).status).to.equal(404);
    expect((await server.request('GET', `/v1/public/bookings/${other.ref}?token=${other.token}`, as(cookie))).status).to.equal(200);

    const cancelled = await server.request('POST', `/v1/public/bookings/${own.ref}/cancel`, { ...as(cookie), body: { reason: 'signed in' } });
    expect(published.expectAnswer('cancelBooking', cancelled).cancellation.by).to.equal('traveller');
  });

  it("ignores another storefront's session, a wrong cookie and an expired one: no session, no error", async () => {
    const cookie = await signIn(server, 'owner@example.com');
    published.expectProblem(await server.request('GET', '/v1/public/me/bookings', as(cookie, MARKET_KEY)), 401, 'Unauthenticated');
    expect((await server.request('GET', '/v1/public/storefront', as(cookie, MARKET_KEY))).status).to.equal(200);
    expect((await server.request('GET', '/v1/public/storefront', as('tp_session=ts_forged'))).status).to.equal(200);
    published.expectProblem(await server.request('GET', '/v1/public/me/bookings', as('tp_session=ts_forged')), 401, 'Unauthenticated');
    expect((await server.request('GET', '/v1/public/me/bookings', as(cookie))).status).to.equal(200);
  });

  it('signs out: the session ends, the cookie is cleared, and signing out again is no error', async () => {
    const cookie = await signIn(server, 'owner@example.com');
    const out = await server.request('POST', '/v1/public/auth/sign-out', as(cookie));
    expect(published.expectAnswer('signOut', out)).to.deep.equal({ signed_out: true });
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith('tp_session='));
    expect(cleared).to.match(/^tp_session=;/);
    expect(cleared).to.include('Max-Age=0');
    published.expectProblem(await server.request('GET', '/v1/public/me/bookings', as(cookie)), 401, 'Unauthenticated');
    expect((await server.request('POST', '/v1/public/auth/sign-out', as(cookie))).status).to.equal(200);
  });

  it("lists the traveller's sessions and revokes one; another traveller's session is not found", async () => {
    const phone = await signIn(server, 'multi@example.com');
    const laptop = await signIn(server, 'multi@example.com');
    const stranger = await signIn(server, 'stranger@example.com');
    const listed = published.expectAnswer('listMySessions', await server.request('GET', '/v1/public/me/sessions', as(laptop)));
    expect(listed.data).to.have.length(2);
    expect(listed.data.filter((s: { current: boolean }) => s.current)).to.have.length(1);
    const phoneSession = listed.data.find((s: { current: boolean }) => !s.current);
    expect(phoneSession.method).to.equal('link');

    const strangers = (await server.request('GET', '/v1/public/me/sessions', as(stranger))).body.data;
    published.expectProblem(await server.request('DELETE', `/v1/public/me/sessions/${strangers[0].id}`, as(laptop)), 404, 'NotFound');

    const revoked = await server.request('DELETE', `/v1/public/me/sessions/${phoneSession.id}`, as(laptop));
    expect(published.expectAnswer('revokeMySession', revoked)).to.deep.equal({ revoked: true });
    expect(revoked.headers.getSetCookie()).to.deep.equal([]);
    expect((await server.request('GET', '/v1/public/me/bookings', as(phone))).status).to.equal(401);
    expect((await server.request('GET', '/v1/public/me/sessions', as(laptop))).body.data).to.have.length(1);
    expect((await server.request('GET', '/v1/public/me/bookings', as(stranger))).status).to.equal(200);
  });

  it('a session expires after TRAVELLER_SESSION_DAYS (30)', async () => {
    const cookie = await signIn(server, 'owner@example.com');
    server.clock.tick(30 * 86_400_000 - 1000);
    expect((await server.request('GET', '/v1/public/me/bookings', as(cookie))).status).to.equal(200);
    server.clock.tick(1000);
    expect((await server.request('GET', '/v1/public/me/bookings', as(cookie))).status).to.equal(401);
  });
});

describe('HTTP: GET /v1/public/me/bookings (spec 4.6)', () => {
  let server: TestServer;
  let published: PublishedSchemas;

  before(async () => {
    server = await startTestServer();
    published = await publishedSchemas(server);
  });
  after(() => server.close());

  it("lists the signed-in traveller's bookings on this storefront, newest start first, a page at a time", async () => {
    const trip = await simpleTrip(server);
    const starts = [await openStart(server, trip.optionId, '2026-12', '05'), await openStart(server, trip.optionId, '2026-12', '20')];
    starts.push(await openStart(server, trip.optionId, '2027-01', '10'));
    const refs = [];
    for (const at of starts) refs.push((await book(server, trip, 'Lists@Example.com', at)).ref);
    await book(server, trip, 'someone.else@example.com', starts[2]);
    const headers = { Cookie: await signIn(server, 'lists@example.com') };

    const first = published.expectAnswer('listMyBookings', await server.request('GET', '/v1/public/me/bookings?limit=2', { headers }));
    expect(first.total).to.equal(3);
    expect(first.data.map((b: { ref: string }) => b.ref)).to.deep.equal([refs[2], refs[1]]);
    expect(first.data.map((b: { start: string }) => b.start)).to.deep.equal([starts[2], starts[1]]);
    expect(first.next_cursor).to.be.a('string');
    const second = published.expectAnswer(
      'listMyBookings',
      await server.request('GET', `/v1/public/me/bookings?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`, { headers }),
    );
    expect(second.data.map((b: { ref: string }) => b.ref)).to.deep.equal([refs[0]]);
    expect(second.next_cursor).to.equal(null);

    const foreign = await server.request('GET', '/v1/public/me/bookings?cursor=bm90LWEtY3Vyc29y', { headers });
    expect(published.expectProblem(foreign, 422, 'InvalidInput').problems[0].reason).to.equal('cursor_not_this_list');
    published.expectProblem(await server.request('GET', '/v1/public/me/bookings?limit=101', { headers }), 422, 'InvalidInput');
    published.expectProblem(await server.request('GET', '/v1/public/me/bookings'), 401, 'Unauthenticated');
    expect((await server.request('GET', '/v1/public/me/bookings', { headers })).body.data).to.have.length(3);
  });
});
