import { expect } from 'chai';
import { SimpleTrip, TestServer, openStart, simpleTrip, startTestServer } from '../harness';

const lead = { name: 'Ana Lima', email: 'ana.lima@example.com', phone: '+351 912 345 678' };

/**
 * Issue 8, spec part 8: a checkout whose answer was lost, sent again with the same
 * Idempotency-Key, answers the first result in full, tokens included, for the idempotency window;
 * spec 4.4: a repeat with no key (or another key, or later) answers both tokens null.
 */
describe('HTTP: a checkout answered again under its Idempotency-Key, tokens included', () => {
  let server: TestServer;
  let trip: SimpleTrip;
  let start: string;

  before(async () => {
    server = await startTestServer();
    trip = await simpleTrip(server);
    start = await openStart(server, trip.optionId);
  });
  after(() => server.close());

  async function held(): Promise<string> {
    const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] } });
    expect(hold.status, hold.text).to.equal(201);
    return hold.body.ref;
  }

  const checkout = (ref: string, key?: string) =>
    server.request('POST', '/v1/public/checkout', {
      body: { ref, lead, payment_method: 'pay_on_arrival' },
      headers: key === undefined ? {} : { 'Idempotency-Key': key },
    });

  it('answers the same request under the same key with the first result in full, and the tokens it answers work', async () => {
    const ref = await held();
    const first = await checkout(ref, `replay-${ref}`);
    expect(first.status, first.text).to.equal(200);
    const again = await checkout(ref, `replay-${ref}`);
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.equal(first.body);
    expect(again.body.booking_token).to.be.a('string');
    expect(again.body.contact_token).to.be.a('string');
    const viewed = await server.request('GET', `/v1/public/bookings/${ref}?token=${again.body.booking_token}`);
    expect(viewed.status).to.equal(200);
  });

  it('answers the booking again after it was cancelled and its places went back, tokens included under the same key', async () => {
    const ref = await held();
    const first = await checkout(ref, `gone-${ref}`);
    const cancelled = await server.request('POST', `/v1/public/bookings/${ref}/cancel?token=${first.body.booking_token}`, { body: {} });
    expect(cancelled.status, cancelled.text).to.equal(200);
    // The hold's places are back on sale, yet the lost answer can still be had: the booking as it stands, and its tokens.
    const again = await checkout(ref, `gone-${ref}`);
    expect(again.status, again.text).to.equal(200);
    expect(again.body).to.include({ ref, status: 'cancelled', booking_token: first.body.booking_token, contact_token: first.body.contact_token });
    const noKey = await checkout(ref);
    expect(noKey.status, noKey.text).to.equal(200);
    expect(noKey.body).to.include({ ref, status: 'cancelled', booking_token: null, contact_token: null });
  });

  it('answers both tokens null to a repeat with no key, or under another key, whatever key the booking was made with', async () => {
    const ref = await held();
    const first = await checkout(ref, `first-${ref}`);
    expect(first.body.booking_token).to.be.a('string');
    const noKey = await checkout(ref);
    expect(noKey.status).to.equal(200);
    expect(noKey.body).to.include({ ref, booking_token: null, contact_token: null });
    const otherKey = await checkout(ref, `other-${ref}`);
    expect(otherKey.status).to.equal(200);
    expect(otherKey.body).to.include({ ref, booking_token: null, contact_token: null });

    const unkeyed = await held();
    const made = await checkout(unkeyed);
    expect(made.body.booking_token).to.be.a('string');
    const keyed = await checkout(unkeyed, `late-${unkeyed}`);
    expect(keyed.body).to.include({ ref: unkeyed, booking_token: null, contact_token: null });
  });

  it('answers the tokens only within the idempotency window (24 hours by default), then null', async () => {
    const ref = await held();
    const first = await checkout(ref, `window-${ref}`);
    server.clock.tick(24 * 3_600_000 - 60_000);
    expect((await checkout(ref, `window-${ref}`)).body.booking_token).to.equal(first.body.booking_token);
    server.clock.tick(2 * 60_000);
    const late = await checkout(ref, `window-${ref}`);
    expect(late.status).to.equal(200);
    expect(late.body).to.include({ ref, booking_token: null, contact_token: null });
  });

  it('keeps the tokens nowhere in plain text: not in the log, not in the read models', async () => {
    const ref = await held();
    const first = await checkout(ref, `plain-${ref}`);
    const { booking_token: bookingToken, contact_token: contactToken } = first.body;
    const log = JSON.stringify(await server.engine.events.readAll(-1, 100_000));
    expect(log).to.include(ref);
    expect(log).not.to.include(bookingToken);
    expect(log).not.to.include(contactToken);
    for (const name of await server.engine.docs.listCollections()) {
      const docs = JSON.stringify(await server.engine.docs.collection(name).find({}));
      expect(docs, name).not.to.include(bookingToken);
      expect(docs, name).not.to.include(contactToken);
    }
  });
});
