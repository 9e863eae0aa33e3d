import { expect } from 'chai';
import { DateTime } from 'luxon';
import { lapseBookings } from '../../../application/seller-bookings';
import { MARKET_KEY, OWNER_KEY, READONLY_KEY, TestServer, openStart, remainingAt, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

const lead = { name: 'Ana Lima', email: 'ana.lima@example.com', phone: '+351 912 345 678' };

/** An option of the direct site that waits for the seller: limited places, adults, nothing more to give at checkout. */
interface RequestTrip {
  optionId: string;
  unitId: string;
  start: string;
  timezone: string;
}

describe('HTTP: the seller decides on pending bookings (confirm, reject, accept), and they lapse', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  let request: RequestTrip;

  const as = (secret: string) => ({
    get: (url: string) => server.request('GET', url, { key: null, secret }),
    post: (url: string, body?: unknown) => server.request('POST', url, { key: null, secret, body }),
  });
  const owner = () => as(OWNER_KEY);

  async function findRequestTrip(): Promise<RequestTrip> {
    const list = await server.request('GET', '/v1/public/products?limit=100');
    for (const card of list.body.data) {
      const trip = await server.request('GET', `/v1/public/products/${card.id}`);
      for (const option of trip.body.options) {
        const adult = option.units.find((u: { type: string }) => u.type === 'adult');
        if (
          option.confirmation === 'manual' &&
          option.capacity_mode === 'limited' &&
          !option.ask_for_price &&
          adult &&
          (option.min_units ?? 1) <= 1 &&
          option.room_types.length === 0 &&
          option.traveller_details.fields.length === 0 &&
          !option.pickup
        ) {
          const start = await openStart(server, option.id, '2026-12', '10');
          return { optionId: option.id, unitId: adult.id, start, timezone: trip.body.timezone };
        }
      }
    }
    throw new Error('the direct site has no option that waits for the seller');
  }

  /** A pending request of one traveller, paid by `method`. */
  async function requestBooking(
    method: string,
    extra: Record<string, unknown> = {},
    start = request.start,
  ): Promise<{ ref: string; token: string; body: any }> {
    const hold = await server.request('POST', '/v1/public/holds', {
      body: {
        option_id: request.optionId,
        start,
        units: [{ unit_id: request.unitId, qty: 1 }],
        attribution: { utm_source: 'newsletter' },
        // Atlas Trails takes bank transfers in EUR only.
        currency: method === 'bank_transfer' ? 'EUR' : undefined,
      },
    });
    expect(hold.status, hold.text).to.equal(201);
    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: method, ...extra } });
    expect(checkout.status, checkout.text).to.equal(200);
    expect(checkout.body.status).to.equal('pending');
    return { ref: checkout.body.ref, token: checkout.body.booking_token, body: checkout.body };
  }

  /** A booking of Sakura Journeys on the marketplace: another seller's. */
  async function foreignBooking(): Promise<string> {
    const list = await server.request('GET', '/v1/public/products?limit=100&seller=sakura-journeys', { key: MARKET_KEY });
    for (const card of list.body.data) {
      const trip = await server.request('GET', `/v1/public/products/${card.id}`, { key: MARKET_KEY });
      for (const option of trip.body.options) {
        const adult = option.units.find((u: { type: string }) => u.type === 'adult');
        if (option.confirmation !== 'instant' || option.capacity_mode !== 'limited' || !adult || option.traveller_details.fields.length > 0) continue;
        if ((option.min_units ?? 1) > 1 || option.room_types.length > 0 || option.pickup) continue;
        const start = await openStart(server, option.id, '2026-12', '10', MARKET_KEY);
        const hold = await server.request('POST', '/v1/public/holds', {
          key: MARKET_KEY,
          body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 1 }] },
        });
        if (hold.status !== 201) continue;
        const checkout = await server.request('POST', '/v1/public/checkout', {
          key: MARKET_KEY,
          body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' },
        });
        expect(checkout.status, checkout.text).to.equal(200);
        return checkout.body.ref as string;
      }
    }
    throw new Error('Sakura Journeys has no simple trip on the marketplace');
  }

  const mailsAbout = async (ref: string) => {
    await server.engine.reactors.catchUp();
    return server.mails.filter((m) => m.booking?.ref === ref || m.subject.includes(ref));
  };

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
    schemas = await publishedSchemas(server);
    request = await findRequestTrip();
  });
  after(() => server.close());

  it('shows the booking to its seller: lead, travellers, attribution, requests, locale, payment and the history of its events', async () => {
    const booking = await requestBooking('pay_on_arrival', { special_requests: 'Vegetarian lunch', locale: 'es' });
    const seen = schemas.expectAnswer('sellerGetBooking', await owner().get(`/v1/bookings/${booking.ref}`));
    expect(seen).to.deep.include({ ref: booking.ref, status: 'pending', start: request.start, special_requests: 'Vegetarian lunch', locale: 'es' });
    expect(seen.lead).to.deep.equal(lead);
    expect(seen.attribution).to.include({ utm_source: 'newsletter' });
    expect(seen.travellers).to.be.an('array');
    expect(seen.placed_at).to.equal(new Date().toISOString());
    expect(seen.pending_expires_at).to.equal(booking.body.pending_expires_at);
    expect(seen.payment).to.deep.include({ method: 'pay_on_arrival', paid: { amount: 0, currency: 'USD' }, refunded: { amount: 0, currency: 'USD' } });
    expect(seen.history.map((e: { type: string }) => e.type)).to.deep.equal([
      'hold.placed',
      'hold.checked_out',
      'booking.placed',
      'booking.requested',
      'payment.arranged',
    ]);
    expect(seen.history.find((e: { type: string }) => e.type === 'booking.requested')).to.deep.include({ expires_at: booking.body.pending_expires_at });
    const text = JSON.stringify(seen.history);
    for (const secret of ['Hash', 'token', booking.token]) expect(text).not.to.include(secret);
  });

  it("corrects the lead's email and phone (the traveller's own window aside): the new email opens the booking and gets its mails", async () => {
    const made = await requestBooking('pay_on_arrival');
    const fixed = schemas.expectAnswer(
      'sellerCorrectLead',
      await server.request('PATCH', `/v1/bookings/${made.ref}/lead`, {
        key: null,
        secret: OWNER_KEY,
        body: { email: 'ana.new@example.com', phone: '+351 913 000 111' },
      }),
    );
    expect(fixed.lead).to.deep.include({ email: 'ana.new@example.com', phone: '+351 913 000 111' });
    expect(fixed.history.map((h: { type: string }) => h.type)).to.include('contact.changed');
    expect((await server.request('GET', `/v1/public/bookings/${made.ref}?email=ana.new@example.com`)).status).to.equal(200);
    expect((await server.request('GET', `/v1/public/bookings/${made.ref}?email=${lead.email}`)).status).to.equal(404);
    await owner().post(`/v1/bookings/${made.ref}/confirm`);
    await server.engine.reactors.catchUp();
    expect(server.mails.filter((m) => m.booking?.ref === made.ref && m.subject.includes('confirmed')).map((m) => m.to)).to.deep.equal(['ana.new@example.com']);
    const bad = await server.request('PATCH', `/v1/bookings/${made.ref}/lead`, { key: null, secret: OWNER_KEY, body: { email: 'not an email' } });
    schemas.expectProblem(bad, 422, 'InvalidInput');
  });

  it('confirms a pending request (by seller), mails the traveller, and answers the same when confirmed again', async () => {
    const booking = await requestBooking('pay_on_arrival');
    const confirmed = schemas.expectAnswer('sellerConfirmBooking', await owner().post(`/v1/bookings/${booking.ref}/confirm`));
    expect(confirmed).to.deep.include({ status: 'confirmed', pending_expires_at: null });
    expect(confirmed.history.at(-1)).to.deep.include({ type: 'booking.confirmed', by: 'seller' });
    const again = schemas.expectAnswer('sellerConfirmBooking', await owner().post(`/v1/bookings/${booking.ref}/confirm`));
    expect(again).to.deep.equal(confirmed);
    const mails = await mailsAbout(booking.ref);
    expect(mails.filter((m) => /confirmed/.test(m.subject))).to.have.length(1);
    const view = await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.token}`);
    expect(view.body.status).to.equal('confirmed');

    const late = schemas.expectProblem(await owner().post(`/v1/bookings/${booking.ref}/reject`, { reason: 'too late' }), 409, 'Conflict');
    expect(late).to.deep.include({ reason: 'booking_not_pending', details: { ref: booking.ref, booking_status: 'confirmed' } });
  });

  it('rejects with a reason: status rejected, places back on the calendar, the reason in the view and the mail', async () => {
    const before = await remainingAt(server, request.optionId, request.start);
    const booking = await requestBooking('pay_on_arrival', { locale: 'de' });
    expect(await remainingAt(server, request.optionId, request.start)).to.equal((before as number) - 1);
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(501) }]) {
      schemas.expectProblem(await owner().post(`/v1/bookings/${booking.ref}/reject`, body), 422, 'InvalidInput');
    }
    const rejected = schemas.expectAnswer(
      'sellerRejectBooking',
      await owner().post(`/v1/bookings/${booking.ref}/reject`, { reason: 'Our guide is ill that day' }),
    );
    expect(rejected).to.deep.include({ status: 'rejected', rejection_reason: 'Our guide is ill that day', pending_expires_at: null });
    expect(rejected.history.find((e: { type: string }) => e.type === 'booking.rejected')).to.deep.include({
      by: 'seller',
      reason: 'Our guide is ill that day',
    });
    expect(rejected.payment.status).to.equal('cancelled');
    expect(await remainingAt(server, request.optionId, request.start)).to.equal(before);

    const view = await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.token}`);
    expect(view.body).to.deep.include({ status: 'rejected', rejection_reason: 'Our guide is ill that day' });
    const mails = await mailsAbout(booking.ref);
    const mail = mails.find((m) => m.subject === `Buchung ${booking.ref}: abgelehnt`);
    expect(mail?.text).to.include('Our guide is ill that day');
    expect(mail?.to).to.equal(lead.email);

    const again = schemas.expectAnswer('sellerRejectBooking', await owner().post(`/v1/bookings/${booking.ref}/reject`, { reason: 'Another reason' }));
    expect(again.rejection_reason).to.equal('Our guide is ill that day');
    const confirm = schemas.expectProblem(await owner().post(`/v1/bookings/${booking.ref}/confirm`), 409, 'Conflict');
    expect(confirm).to.deep.include({ reason: 'booking_not_pending', details: { ref: booking.ref, booking_status: 'rejected' } });
    const cancel = await server.request('POST', `/v1/public/bookings/${booking.ref}/cancel?token=${booking.token}`);
    expect(schemas.expectProblem(cancel, 409, 'Conflict').reason).to.equal('booking_not_confirmed');
    const listed = schemas.expectAnswer('sellerListBookings', await owner().get('/v1/bookings?status=rejected&limit=100'));
    expect(listed.data.map((b: { ref: string }) => b.ref)).to.include(booking.ref);
  });

  it('accepts a request paid by bank transfer: due_at by the deadline before the start, pending_expires_at moves to it, the traveller asked to pay', async () => {
    const booking = await requestBooking('bank_transfer');
    expect(booking.body.payment.due_at).to.equal(null);
    const outstanding = schemas.expectProblem(await owner().post(`/v1/bookings/${booking.ref}/confirm`), 409, 'Conflict');
    expect(outstanding).to.deep.include({ reason: 'payment_outstanding' });

    const accepted = schemas.expectAnswer('sellerAcceptBooking', await owner().post(`/v1/bookings/${booking.ref}/accept`));
    const methods = await server.request('GET', `/v1/public/payment-methods?option_id=${request.optionId}&start=${request.start}`);
    const transfer = methods.body.find((m: { kind: string }) => m.kind === 'bank_transfer');
    expect(accepted.status).to.equal('pending');
    expect(accepted.payment.due_at).to.be.a('string');
    expect(accepted.pending_expires_at).to.equal(accepted.payment.due_at);
    const startsAt = DateTime.fromISO(request.start, { zone: request.timezone });
    expect(startsAt.diff(DateTime.fromISO(accepted.payment.due_at), 'hours').hours).to.equal(transfer.deadline_hours);
    expect(accepted.history.slice(-2).map((e: { type: string }) => e.type)).to.have.members(['booking.accepted', 'payment.requested']);

    const again = schemas.expectAnswer('sellerAcceptBooking', await owner().post(`/v1/bookings/${booking.ref}/accept`));
    expect(again.payment.due_at).to.equal(accepted.payment.due_at);
    const view = await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.token}`);
    expect(view.body.payment.due_at).to.equal(accepted.payment.due_at);
    expect(view.body.pending_expires_at).to.equal(accepted.payment.due_at);

    const mails = await mailsAbout(booking.ref);
    const asked = mails.filter((m) => m.subject === `Booking ${booking.ref}: accepted, please pay`);
    expect(asked).to.have.length(1);
    expect(asked[0].text).to.include('IBAN').and.include(`Reference: ${booking.ref}`);

    const onArrival = await requestBooking('pay_on_arrival');
    const notAsked = schemas.expectProblem(await owner().post(`/v1/bookings/${onArrival.ref}/accept`), 409, 'Conflict');
    expect(notAsked.reason).to.equal('not_a_payment_request');
  });

  it('confirms an accepted request once paid in full (by payment); declined after part of it came in, it refunds that part', async () => {
    const paid = await requestBooking('bank_transfer');
    const due = paid.body.quote.totals.due_now;
    schemas.expectAnswer('sellerAcceptBooking', await owner().post(`/v1/bookings/${paid.ref}/accept`));
    const recorded = await owner().post(`/v1/bookings/${paid.ref}/payments`, { amount: due });
    expect(recorded.status, recorded.text).to.equal(200);
    const confirmed = schemas.expectAnswer('sellerGetBooking', await owner().get(`/v1/bookings/${paid.ref}`));
    expect(confirmed).to.deep.include({ status: 'confirmed', pending_expires_at: null });
    expect(confirmed.history.find((e: { type: string }) => e.type === 'booking.confirmed')).to.deep.include({ by: 'payment' });

    const part = await requestBooking('bank_transfer');
    schemas.expectAnswer('sellerAcceptBooking', await owner().post(`/v1/bookings/${part.ref}/accept`));
    const some = { amount: Math.floor(due.amount / 2), currency: due.currency };
    expect((await owner().post(`/v1/bookings/${part.ref}/payments`, { amount: some })).status).to.equal(200);
    const rejected = schemas.expectAnswer('sellerRejectBooking', await owner().post(`/v1/bookings/${part.ref}/reject`, { reason: 'The boat needs repairs' }));
    expect(rejected.status).to.equal('rejected');
    expect(rejected.payment).to.deep.include({ status: 'refunded', paid: some, refunded: some });
    expect(rejected.history.find((e: { type: string }) => e.type === 'payment.refunded')).to.deep.include({ amount: some, total: some });
    const mails = await mailsAbout(part.ref);
    const declined = mails.find((m) => m.subject === `Booking ${part.ref}: declined`);
    expect(declined?.text).to.include('The boat needs repairs').and.include('is refunded');
  });

  it('lapses a pending booking once pending_expires_at passes (the job, on a faked clock): places back, the traveller mailed, still listed', async () => {
    // A start of its own, so the places counted are this booking's alone.
    const start = await openStart(server, request.optionId, '2026-12', '20');
    const before = await remainingAt(server, request.optionId, start);
    const booking = await requestBooking('pay_on_arrival', {}, start);
    expect(await remainingAt(server, request.optionId, start)).to.equal((before as number) - 1);
    const expiresAt = Date.parse(booking.body.pending_expires_at);
    server.clock.tick(expiresAt - Date.now() - 1000);
    expect(await lapseBookings(server.engine.platform)).to.equal(0);
    server.clock.tick(1000);
    expect(await lapseBookings(server.engine.platform)).to.be.at.least(1);
    await server.engine.reactors.catchUp();
    await server.engine.runner.catchUp();
    expect(await remainingAt(server, request.optionId, start)).to.equal(before);

    const seen = schemas.expectAnswer('sellerGetBooking', await owner().get(`/v1/bookings/${booking.ref}`));
    expect(seen).to.deep.include({ status: 'lapsed', pending_expires_at: null });
    expect(seen.history.map((e: { type: string }) => e.type)).to.include('booking.lapsed');
    const listed = schemas.expectAnswer('sellerListBookings', await owner().get('/v1/bookings?status=lapsed&limit=100'));
    expect(listed.data.map((b: { ref: string }) => b.ref)).to.include(booking.ref);
    const view = await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.token}`);
    expect(view.body.status).to.equal('lapsed');
    const mails = await mailsAbout(booking.ref);
    expect(mails.filter((m) => m.subject === `Booking ${booking.ref}: lapsed`)).to.have.length(1);
    expect(await lapseBookings(server.engine.platform)).to.equal(0);
    const late = schemas.expectProblem(await owner().post(`/v1/bookings/${booking.ref}/confirm`), 409, 'Conflict');
    expect(late.details).to.deep.equal({ ref: booking.ref, booking_status: 'lapsed' });
  });

  it('lets the traveller withdraw a pending request (200, cancelled by traveller, refund of what was paid: nothing), then 409', async () => {
    const before = await remainingAt(server, request.optionId, request.start);
    const booking = await requestBooking('bank_transfer');
    const withdrawn = await server.request('POST', `/v1/public/bookings/${booking.ref}/cancel?token=${booking.token}`, {
      body: { reason: 'Found another date' },
    });
    expect(withdrawn.status, withdrawn.text).to.equal(200);
    expect(withdrawn.body).to.deep.equal({
      ref: booking.ref,
      status: 'cancelled',
      cancellation: { by: 'traveller', refund_pct: 100, refund: { amount: 0, currency: 'EUR' } },
    });
    expect(await remainingAt(server, request.optionId, request.start)).to.equal(before);
    const seen = schemas.expectAnswer('sellerGetBooking', await owner().get(`/v1/bookings/${booking.ref}`));
    expect(seen).to.deep.include({ status: 'cancelled', pending_expires_at: null });
    const again = await server.request('POST', `/v1/public/bookings/${booking.ref}/cancel?token=${booking.token}`);
    expect(schemas.expectProblem(again, 409, 'Conflict').reason).to.equal('booking_not_confirmed');
  });

  it('needs bookings:write to decide and bookings:read to look (403 NotPermitted), and knows no booking of another seller (404)', async () => {
    const booking = await requestBooking('pay_on_arrival');
    const made = await owner().post('/v1/keys', { name: 'Reader', scopes: ['bookings:read'] });
    expect(made.status, made.text).to.equal(201);
    const reader = as(made.body.key);
    schemas.expectAnswer('sellerGetBooking', await reader.get(`/v1/bookings/${booking.ref}`));
    for (const action of ['confirm', 'accept']) {
      const refused = schemas.expectProblem(await reader.post(`/v1/bookings/${booking.ref}/${action}`), 403, 'NotPermitted');
      expect(refused.permission).to.equal('bookings:write');
    }
    schemas.expectProblem(await reader.post(`/v1/bookings/${booking.ref}/reject`, { reason: 'no' }), 403, 'NotPermitted');
    schemas.expectProblem(await as(READONLY_KEY).get(`/v1/bookings/${booking.ref}`), 403, 'NotPermitted');
    schemas.expectProblem(await as(READONLY_KEY).post(`/v1/bookings/${booking.ref}/confirm`), 403, 'NotPermitted');
    expect((await server.request('POST', `/v1/bookings/${booking.ref}/confirm`, { key: null })).status).to.equal(401);

    // A booking of another seller, made on the marketplace: its ref answers exactly like one that does not exist.
    const foreign = await foreignBooking();
    for (const answer of [await owner().get(`/v1/bookings/${foreign}`), await owner().post(`/v1/bookings/${foreign}/confirm`)]) {
      const problem = schemas.expectProblem(answer, 404, 'NotFound');
      expect({ ...problem }).to.deep.equal({ ...schemas.expectProblem(await owner().get('/v1/bookings/TP-ZZZZ-ZZZZ'), 404, 'NotFound') });
    }
    const missing = schemas.expectProblem(await owner().get('/v1/bookings/TP-ZZZZ-ZZZZ'), 404, 'NotFound');
    expect(missing.entity).to.equal('booking');
    for (const action of ['confirm', 'accept']) {
      const answer = schemas.expectProblem(await owner().post(`/v1/bookings/TP-ZZZZ-ZZZZ/${action}`), 404, 'NotFound');
      expect({ ...answer }).to.deep.equal({ ...missing });
    }
  });
});
