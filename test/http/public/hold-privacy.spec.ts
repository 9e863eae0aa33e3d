import { expect } from 'chai';
import { MARKET_KEY, SimpleTrip, TestServer, openStart, simpleTrip, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';
import { paymentMethodFor } from './pay-at-checkout';
import { signIn } from './traveller-sign-in';

const lead = { name: 'Ana Lima', email: 'ana.lima@example.com', phone: '+351 912 345 678' };

describe('HTTP: GET /v1/public/holds/{ref} tells a stranger nothing about a booking (issue 8)', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  let trip: SimpleTrip;
  let start: string;

  before(async () => {
    server = await startTestServer();
    schemas = await publishedSchemas(server);
    trip = await simpleTrip(server);
    start = await openStart(server, trip.optionId);
  });
  after(() => server.close());

  const selection = (qty = 2) => ({ option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty }] });
  const hold = async (headers: Record<string, string> = {}) =>
    schemas.expectAnswer('createHold', await server.request('POST', '/v1/public/holds', { body: selection(), headers }));
  const checkout = async (ref: string, email = lead.email) =>
    schemas.expectAnswer(
      'checkout',
      await server.request('POST', '/v1/public/checkout', { body: { ref, lead: { ...lead, email }, ...(await paymentMethodFor(server, selection())) } }),
    );
  const getHold = (ref: string, query = '', options: { key?: string; headers?: Record<string, string> } = {}) =>
    server.request('GET', `/v1/public/holds/${ref}${query}`, options);
  const leadDetails = (text: string) => [lead.name, lead.email, lead.phone, 'Ana'].filter((s) => text.includes(s));

  it('shows a hold on hold to whoever has its ref: what POST answered', async () => {
    const placed = await hold();
    const seen = schemas.expectAnswer('getHold', await getHold(placed.ref));
    expect(seen).to.deep.equal(placed);
    expect(seen).to.have.all.keys('ref', 'status', 'hold_expires_at', 'start', 'quote');
  });

  it('answers a checked-out hold with {ref, status} only: no start, group, price or lead, and a wrong token changes nothing', async () => {
    const placed = await hold();
    const booking = await checkout(placed.ref);
    const bare = await getHold(placed.ref);
    expect(schemas.expectAnswer('getHold', bare)).to.deep.equal({ ref: placed.ref, status: 'checked_out' });
    expect(bare.text).not.to.include(start);
    expect(bare.text).not.to.include('quote');
    expect(leadDetails(bare.text)).to.deep.equal([]);
    for (const wrong of [`?token=${'x'.repeat(43)}`, `?token=${booking.contact_token}`, '?token=a']) {
      const answer = await getHold(placed.ref, wrong);
      expect(answer.status).to.equal(200);
      expect(answer.body).to.deep.equal(bare.body);
    }
  });

  it('with the booking token shows the hold again with a link to the booking view, still without the lead', async () => {
    const placed = await hold();
    const booking = await checkout(placed.ref);
    const opened = schemas.expectAnswer('getHold', await getHold(placed.ref, `?token=${booking.booking_token}`));
    expect(opened).to.deep.equal({ ...placed, status: 'checked_out', booking: `/v1/public/bookings/${placed.ref}` });
    expect(leadDetails(JSON.stringify(opened))).to.deep.equal([]);
    const view = await server.request('GET', `${opened.booking}?token=${booking.booking_token}`);
    expect(view.status).to.equal(200);
    expect(view.body).to.include({ ref: placed.ref, start });
  });

  it("opens a checked-out hold to its traveller's session, not to another traveller's", async () => {
    const placed = await hold();
    await checkout(placed.ref, 'owner.of.hold@example.com');
    const owner = await signIn(server, 'owner.of.hold@example.com');
    const stranger = await signIn(server, 'someone.else@example.com');
    const asOwner = await getHold(placed.ref, '', { headers: { Cookie: owner } });
    expect(schemas.expectAnswer('getHold', asOwner)).to.include({ status: 'checked_out', booking: `/v1/public/bookings/${placed.ref}`, start });
    const asStranger = await getHold(placed.ref, '', { headers: { Cookie: stranger } });
    expect(asStranger.body).to.deep.equal({ ref: placed.ref, status: 'checked_out' });
  });

  it('keeps a cancelled booking as private as a confirmed one', async () => {
    const placed = await hold();
    const booking = await checkout(placed.ref);
    const cancelled = await server.request('POST', `/v1/public/bookings/${placed.ref}/cancel?token=${booking.booking_token}`);
    expect(cancelled.status).to.equal(200);
    expect((await getHold(placed.ref)).body).to.deep.equal({ ref: placed.ref, status: 'checked_out' });
  });

  it('answers an expired hold with {ref, status, hold_expires_at} only', async () => {
    const at = await openStart(server, trip.optionId, '2026-12', '18');
    const placed = schemas.expectAnswer(
      'createHold',
      await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start: at, units: [{ unit_id: trip.unitId, qty: 1 }] } }),
    );
    server.clock.tick(15 * 60_000);
    const expired = schemas.expectAnswer('getHold', await getHold(placed.ref));
    expect(expired).to.deep.equal({ ref: placed.ref, status: 'expired', hold_expires_at: placed.hold_expires_at });
    await server.expireHolds();
    expect((await getHold(placed.ref)).body).to.deep.equal(expired);
  });

  it("answers 404 for another storefront's hold and for a ref never held, the same way", async () => {
    const placed = await hold();
    const elsewhere = schemas.expectProblem(await getHold(placed.ref, '', { key: MARKET_KEY }), 404, 'NotFound');
    const never = schemas.expectProblem(await getHold('TP-ZZZZ-ZZZZ', '', { key: MARKET_KEY }), 404, 'NotFound');
    expect(elsewhere.entity).to.equal('hold');
    expect({ ...elsewhere, instance: undefined, request_id: undefined }).to.deep.equal({ ...never, instance: undefined, request_id: undefined });
  });

  it('answers a repeated POST under the same Idempotency-Key with the first result, even after checkout (spec part 8)', async () => {
    const headers = { 'Idempotency-Key': 'hold-privacy-repeat' };
    const first = await hold(headers);
    await checkout(first.ref);
    const again = await hold(headers);
    expect(again).to.deep.equal(first);
  });
});
