import { expect } from 'chai';
import { OWNER_KEY, SimpleTrip, TestServer, openStart, remainingAt, simpleTrip, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';
import { book, signIn } from './traveller-sign-in';

/** Spec 4.5: the refund offered instead of the later start a seller moved a booking to (token or session only). */
describe('HTTP: refund instead of a moved booking (spec 4.5)', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  let trip: SimpleTrip;

  before(async () => {
    server = await startTestServer({ secretKeyLimitPerMinute: 100_000 });
    schemas = await publishedSchemas(server);
    trip = await simpleTrip(server);
  });
  after(() => server.close());

  const callOff = (start: string, offered: string) =>
    server.request('POST', `/v1/options/${trip.optionId}/departures/${start}/call-off`, {
      key: null,
      secret: OWNER_KEY,
      body: { reason: 'vehicle_unavailable', offered_start: offered },
    });
  const as = (cookie: string) => ({ headers: { Cookie: cookie } });

  it("is offered to the owner's session and taken with it; the places at the new start return", async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '14');
    const offered = await openStart(server, trip.optionId, '2026-12', '21');
    const email = 'mara.silva@example.com';
    const made = await book(server, trip, email, start);
    expect((await callOff(start, offered)).status).to.equal(201);
    const taken = (await remainingAt(server, trip.optionId, offered)) as number;

    const cookie = await signIn(server, email);
    const offer = schemas.expectAnswer('getRefundInstead', await server.request('GET', `/v1/public/bookings/${made.ref}/refund-instead`, as(cookie)));
    expect(offer).to.include({ reason: 'vehicle_unavailable', note: null, called_off_start: start, moved_to_start: offered });
    // Paid on arrival: nothing came in, so nothing is refunded.
    expect(offer.refund.amount).to.equal(0);

    // Another traveller's session opens nothing.
    const stranger = await signIn(server, 'someone.else@example.com');
    schemas.expectProblem(await server.request('GET', `/v1/public/bookings/${made.ref}/refund-instead`, as(stranger)), 404, 'NotFound');

    const done = schemas.expectAnswer('takeRefundInstead', await server.request('POST', `/v1/public/bookings/${made.ref}/refund-instead`, as(cookie)));
    expect(done).to.deep.include({ ref: made.ref, status: 'cancelled', cancellation: { by: 'seller', refund_pct: 100, refund: offer.refund } });
    expect(await remainingAt(server, trip.optionId, offered)).to.equal(taken + 1);
    const booking = (await server.request('GET', `/v1/public/bookings/${made.ref}?token=${made.token}`)).body;
    expect(booking).to.include({ status: 'cancelled', start: offered });
  });

  it('taken twice (a retry, with or without the same Idempotency-Key) answers the same cancellation and refunds once', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '15');
    const offered = await openStart(server, trip.optionId, '2026-12', '22');
    const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 2 }] } });
    const lead = { name: 'Rui Prates', email: 'rui.prates@example.com', phone: '+351 912 000 111' };
    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'payment_link' } });
    expect(checkout.status, checkout.text).to.equal(200);
    const { ref, booking_token: token } = checkout.body;
    const due = checkout.body.quote.totals.due_now;
    const paid = await server.request('POST', `/v1/bookings/${ref}/payments`, { key: null, secret: OWNER_KEY, body: { amount: due } });
    expect(paid.body.booking_status, paid.text).to.equal('confirmed');
    expect((await callOff(start, offered)).status).to.equal(201);

    const take = (headers: Record<string, string> = {}) => server.request('POST', `/v1/public/bookings/${ref}/refund-instead?token=${token}`, { headers });
    const first = schemas.expectAnswer('takeRefundInstead', await take({ 'Idempotency-Key': 'refund-instead-1' }));
    expect(first).to.deep.equal({ ref, status: 'cancelled', cancellation: { by: 'seller', refund_pct: 100, refund: due } });
    const sameKey = await take({ 'Idempotency-Key': 'refund-instead-1' });
    expect(sameKey.status, sameKey.text).to.equal(200);
    expect(sameKey.body).to.deep.equal(first);
    const again = await take();
    expect(again.status, again.text).to.equal(200);
    expect(again.body).to.deep.equal(first);

    const money = await server.request('GET', `/v1/bookings/${ref}/payments`, { key: null, secret: OWNER_KEY });
    expect(money.body.payment).to.deep.include({ status: 'refunded', paid: due, refunded: due });
    // Once taken, nothing more is offered.
    schemas.expectProblem(await server.request('GET', `/v1/public/bookings/${ref}/refund-instead?token=${token}`), 404, 'NotFound');
  });

  it('offers nothing to a booking that was not moved (404 refund_instead), and nothing to the email alone (401)', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '16');
    const email = 'joao.costa@example.com';
    const made = await book(server, trip, email, start);
    const none = schemas.expectProblem(await server.request('GET', `/v1/public/bookings/${made.ref}/refund-instead?token=${made.token}`), 404, 'NotFound');
    expect(none.entity).to.equal('refund_instead');
    schemas.expectProblem(await server.request('POST', `/v1/public/bookings/${made.ref}/refund-instead?token=${made.token}`), 404, 'NotFound');
    schemas.expectProblem(await server.request('POST', `/v1/public/bookings/${made.ref}/refund-instead?email=${email}`), 401, 'Unauthenticated');
    const missing = schemas.expectProblem(await server.request('GET', '/v1/public/bookings/TP-NONE-0000/refund-instead?token=x'), 404, 'NotFound');
    expect(missing.entity).to.equal('booking');
  });
});
