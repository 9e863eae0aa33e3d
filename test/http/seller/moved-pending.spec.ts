import { expect } from 'chai';
import { lapseBookings } from '../../../application/seller-bookings';
import { bookingDecider, bookingStream } from '../../../domain/booking';
import { OWNER_KEY, SimpleTrip, TestServer, openStart, simpleTrip, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

const DAY = 86_400_000;

/** Issue 8: a pending booking moved by a call-off waits until a time worked out from its new start, as at checkout. */
describe('HTTP: a pending booking moved to another start (call-off)', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  let trip: SimpleTrip;

  before(async () => {
    server = await startTestServer({ secretKeyLimitPerMinute: 100_000 });
    schemas = await publishedSchemas(server);
    trip = await simpleTrip(server);
  });
  after(() => server.close());

  it('moves pending_expires_at and payment.due_at with the start, and lapses by the new ones', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '10');
    const offered = await openStart(server, trip.optionId, '2026-12', '17');
    const shift = Date.parse(`${offered.slice(0, 10)}T00:00:00Z`) - Date.parse(`${start.slice(0, 10)}T00:00:00Z`);
    expect(start.slice(11), 'the same time of day').to.equal(offered.slice(11));
    // Atlas Trails takes bank transfers in EUR only.
    const hold = await server.request('POST', '/v1/public/holds', {
      body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }], currency: 'EUR' },
    });
    const lead = { name: 'Lea Moreau', email: 'lea.moreau@example.com', phone: '+33 6 12 34 56 78' };
    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'bank_transfer' } });
    expect(checkout.status, checkout.text).to.equal(200);
    const { ref, booking_token: token } = checkout.body;
    const dueBefore = checkout.body.payment.due_at as string;
    expect(checkout.body).to.deep.include({ status: 'pending', pending_expires_at: dueBefore });

    const called = await server.request('POST', `/v1/options/${trip.optionId}/departures/${start}/call-off`, {
      key: null,
      secret: OWNER_KEY,
      body: { reason: 'weather', offered_start: offered },
    });
    expect(called.status, called.text).to.equal(201);
    // The payment's due date follows the move in a reactor of its own.
    const { position } = await server.engine.platform.commands.load(bookingStream(ref), bookingDecider);
    await server.engine.platform.awaitReactor('payment-due-follows-move', position);

    const dueAfter = new Date(Date.parse(dueBefore) + shift).toISOString();
    const view = schemas.expectAnswer('getBooking', await server.request('GET', `/v1/public/bookings/${ref}?token=${token}`));
    expect(view).to.deep.include({ status: 'pending', start: offered, pending_expires_at: dueAfter });
    expect(view.payment.due_at).to.equal(dueAfter);
    const seen = await server.request('GET', `/v1/bookings/${ref}`, { key: null, secret: OWNER_KEY });
    expect(seen.body.history.find((e: { type: string }) => e.type === 'booking.moved')).to.include({ expires_at: dueAfter });
    expect(seen.body.history.find((e: { type: string }) => e.type === 'payment.due_moved')).to.include({ due_at: dueAfter });
    const money = await server.request('GET', `/v1/bookings/${ref}/payments`, { key: null, secret: OWNER_KEY });
    expect(money.body.payment.due_at).to.equal(dueAfter);

    // The old deadline passes: the booking still waits; the new one passes: it lapses.
    server.clock.tick(Date.parse(dueBefore) - Date.now() + 60_000);
    await lapseBookings(server.engine.platform);
    expect((await server.request('GET', `/v1/public/bookings/${ref}?token=${token}`)).body.status).to.equal('pending');
    server.clock.tick(shift);
    expect(await lapseBookings(server.engine.platform)).to.equal(1);
    expect((await server.request('GET', `/v1/public/bookings/${ref}?token=${token}`)).body.status).to.equal('lapsed');
    expect(shift).to.equal(7 * DAY);
  });

  it('gives a request made within PENDING_HOURS of its start the rest of its hours at the later start', async () => {
    const request = await waitingOption();
    const start = await openStart(server, request.optionId, '2027-01', '10');
    const offered = await openStart(server, request.optionId, '2027-01', '17');
    // A day and a half before the start (whatever the trip's zone; before its cutoff): the request lapses at the start, before its 48 hours are up.
    server.clock.tick(Date.parse(`${start}:00Z`) - 1.5 * DAY - Date.now());
    const hold = await server.request('POST', '/v1/public/holds', {
      body: { option_id: request.optionId, start, units: [{ unit_id: request.unitId, qty: 1 }] },
    });
    expect(hold.status, hold.text).to.equal(201);
    const lead = { name: 'Noor Haddad', email: 'noor.haddad@example.com', phone: '+971 50 123 4567' };
    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' } });
    expect(checkout.body.status, checkout.text).to.equal('pending');
    const placedAt = Date.now();
    expect(Date.parse(checkout.body.pending_expires_at)).to.be.below(placedAt + 2 * DAY);

    const called = await server.request('POST', `/v1/options/${request.optionId}/departures/${start}/call-off`, {
      key: null,
      secret: OWNER_KEY,
      body: { reason: 'weather', offered_start: offered },
    });
    expect(called.status, called.text).to.equal(201);
    const view = await server.request('GET', `/v1/public/bookings/${checkout.body.ref}?token=${checkout.body.booking_token}`);
    expect(view.body).to.deep.include({ status: 'pending', start: offered, pending_expires_at: new Date(placedAt + 2 * DAY).toISOString() });
  });

  /** An option of the direct site that waits for the seller's answer, with one adult and nothing more asked at checkout. */
  async function waitingOption(): Promise<{ optionId: string; unitId: string }> {
    const list = await server.request('GET', '/v1/public/products?limit=100');
    for (const card of list.body.data) {
      const trip = await server.request('GET', `/v1/public/products/${card.id}`);
      for (const option of trip.body.options) {
        const adult = option.units.find((u: { type: string }) => u.type === 'adult');
        const simple = option.room_types.length === 0 && option.traveller_details.fields.length === 0 && !option.pickup && (option.min_units ?? 1) <= 1;
        if (option.confirmation === 'manual' && option.capacity_mode === 'limited' && !option.ask_for_price && adult && simple) {
          return { optionId: option.id, unitId: adult.id };
        }
      }
    }
    throw new Error('the direct site has no option that waits for the seller');
  }
});
