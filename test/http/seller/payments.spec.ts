import { expect } from 'chai';
import { OWNER_KEY, READONLY_KEY, SimpleTrip, TestServer, openStart, simpleTrip, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

const lead = { name: 'Jon Berg', email: 'jon.berg@example.com', phone: '+47 912 34 567' };

describe('HTTP: the seller records payments (POST /v1/bookings/{ref}/payments)', () => {
  let server: TestServer;
  let trip: SimpleTrip;
  let start: string;
  let schemas: PublishedSchemas;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000 });
    trip = await simpleTrip(server);
    start = await openStart(server, trip.optionId);
    schemas = await publishedSchemas(server);
  });
  after(() => server.close());

  async function book(paymentMethod: string, qty = 2): Promise<{ ref: string; token: string; due: { amount: number; currency: string } }> {
    // Atlas Trails takes bank transfers in EUR only.
    const currency = paymentMethod === 'bank_transfer' ? 'EUR' : undefined;
    const hold = await server.request('POST', '/v1/public/holds', {
      body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty }], currency },
    });
    expect(hold.status, hold.text).to.equal(201);
    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: paymentMethod } });
    expect(checkout.status, checkout.text).to.equal(200);
    return { ref: checkout.body.ref, token: checkout.body.booking_token, due: checkout.body.quote.totals.due_now };
  }

  const pay = (ref: string, body: unknown, headers: Record<string, string> = {}, secret = OWNER_KEY) =>
    server.request('POST', `/v1/bookings/${ref}/payments`, { key: null, secret, body, headers });

  it('a part payment (part_paid), then the rest (paid): the pending transfer booking is confirmed', async () => {
    const booking = await book('bank_transfer');
    const part = Math.floor(booking.due.amount / 3);
    const first = schemas.expectAnswer(
      'sellerRecordPayment',
      await pay(booking.ref, { amount: { amount: part, currency: booking.due.currency }, reference: 'SEPA 1' }),
    );
    expect(first.booking_status).to.equal('pending');
    expect(first.payment).to.deep.include({
      method: 'bank_transfer',
      status: 'part_paid',
      due: booking.due,
      paid: { amount: part, currency: booking.due.currency },
      outstanding: { amount: booking.due.amount - part, currency: booking.due.currency },
    });
    expect(first.payment.payments).to.have.length(1);
    expect(first.payment.payments[0]).to.include({ reference: 'SEPA 1', received_at: new Date().toISOString() });

    const rest = { amount: booking.due.amount - part, currency: booking.due.currency };
    const receivedAt = new Date(Date.now() - 3_600_000).toISOString();
    const second = schemas.expectAnswer('sellerRecordPayment', await pay(booking.ref, { amount: rest, received_at: receivedAt }));
    expect(second.booking_status).to.equal('confirmed');
    expect(second.payment).to.deep.include({ status: 'paid', paid: booking.due, outstanding: { amount: 0, currency: booking.due.currency } });
    expect(second.payment.payments[1]).to.include({ reference: null, received_at: receivedAt });

    const view = await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.token}`);
    expect(view.body.status).to.equal('confirmed');
    expect(view.body.pending_expires_at).to.equal(null);
    expect(view.body.payment.status).to.equal('paid');
    const refund = await server.request('GET', `/v1/public/bookings/${booking.ref}/refund?token=${booking.token}`);
    expect(refund.body.paid).to.deep.equal(booking.due);
  });

  it('refuses more than is still due (422 more_than_due), another currency (422 currency_mismatch), and once paid (409 payment_complete)', async () => {
    const booking = await book('payment_link');
    const over = schemas.expectProblem(await pay(booking.ref, { amount: { ...booking.due, amount: booking.due.amount + 1 } }), 422, 'InvalidInput');
    expect(over.problems[0]).to.deep.include({ reason: 'more_than_due', field: 'amount.amount', details: { outstanding: booking.due } });
    const currency = booking.due.currency === 'EUR' ? 'USD' : 'EUR';
    const other = schemas.expectProblem(await pay(booking.ref, { amount: { amount: 1, currency } }), 422, 'InvalidInput');
    expect(other.problems[0].reason).to.equal('currency_mismatch');
    const future = schemas.expectProblem(
      await pay(booking.ref, { amount: { ...booking.due, amount: 1 }, received_at: '2030-01-01T00:00:00.000Z' }),
      422,
      'InvalidInput',
    );
    expect(future.problems[0].field).to.equal('received_at');
    schemas.expectProblem(await pay(booking.ref, { amount: { amount: 0, currency: booking.due.currency } }), 422, 'InvalidInput');

    expect((await pay(booking.ref, { amount: booking.due })).body.booking_status).to.equal('confirmed');
    const again = schemas.expectProblem(await pay(booking.ref, { amount: { ...booking.due, amount: 1 } }), 409, 'Conflict');
    expect(again.reason).to.equal('payment_complete');
  });

  it('records a payment once per Idempotency-Key; the same key with another amount is 409 idempotency_key_reused', async () => {
    const booking = await book('bank_transfer');
    const half = { amount: Math.floor(booking.due.amount / 2), currency: booking.due.currency };
    const headers = { 'Idempotency-Key': 'transfer-0001' };
    const first = await pay(booking.ref, { amount: half }, headers);
    const repeat = await pay(booking.ref, { amount: half }, headers);
    expect(repeat.status).to.equal(200);
    expect(repeat.body).to.deep.equal(first.body);
    expect(repeat.body.payment.payments).to.have.length(1);
    const reused = schemas.expectProblem(await pay(booking.ref, { amount: { ...half, amount: half.amount - 1 } }, headers), 409, 'Conflict');
    expect(reused.reason).to.equal('idempotency_key_reused');
    expect((await pay(booking.ref, { amount: half }, { 'Idempotency-Key': 'transfer-0002' })).body.payment.payments).to.have.length(2);
  });

  it('records what came in on arrival for a confirmed booking; the refund preview then counts it', async () => {
    const booking = await book('pay_on_arrival', 1);
    const recorded = schemas.expectAnswer('sellerRecordPayment', await pay(booking.ref, { amount: booking.due }));
    expect(recorded).to.deep.include({ booking_status: 'confirmed' });
    expect(recorded.payment.status).to.equal('paid');
    const refund = await server.request('GET', `/v1/public/bookings/${booking.ref}/refund?token=${booking.token}`);
    expect(refund.body.paid).to.deep.equal(booking.due);
    const view = await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.token}`);
    expect(view.body.payment).to.include({ status: 'paid', on_arrival: null });
  });

  it('a part payment on arrival leaves only the rest to bring (payment.on_arrival), none once paid in full', async () => {
    const booking = await book('pay_on_arrival', 1);
    const before = await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.token}`);
    expect(before.body.payment).to.deep.include({ status: 'pay_on_arrival', on_arrival: booking.due });
    const part = { amount: Math.floor(booking.due.amount / 3), currency: booking.due.currency };
    const recorded = schemas.expectAnswer('sellerRecordPayment', await pay(booking.ref, { amount: part, reference: 'deposit' }));
    expect(recorded.payment).to.deep.include({ status: 'part_paid', outstanding: { amount: booking.due.amount - part.amount, currency: part.currency } });
    const after = schemas.expectAnswer('getBooking', await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.token}`));
    expect(after.payment).to.deep.include({ status: 'part_paid', on_arrival: { amount: booking.due.amount - part.amount, currency: part.currency } });

    await pay(booking.ref, { amount: { amount: booking.due.amount - part.amount, currency: part.currency } });
    const paid = await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.token}`);
    expect(paid.body.payment).to.deep.include({ status: 'paid', on_arrival: null });
  });

  it('a booking part paid on arrival and then cancelled asks for nothing more to bring', async () => {
    const booking = await book('pay_on_arrival', 1);
    const part = { amount: Math.floor(booking.due.amount / 2), currency: booking.due.currency };
    expect((await pay(booking.ref, { amount: part })).status).to.equal(200);
    const cancelled = await server.request('POST', `/v1/public/bookings/${booking.ref}/cancel?token=${booking.token}`);
    expect(cancelled.status, cancelled.text).to.equal(200);
    const view = schemas.expectAnswer('getBooking', await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.token}`));
    expect(view.payment).to.deep.include({ on_arrival: null, due_at: null });
  });

  it('needs bookings:write to record and bookings:read to read; another seller or an unknown ref is 404', async () => {
    const booking = await book('bank_transfer', 1);
    const denied = schemas.expectProblem(await pay(booking.ref, { amount: booking.due }, {}, READONLY_KEY), 403, 'NotPermitted');
    expect(denied.permission).to.equal('bookings:write');
    schemas.expectProblem(await server.request('GET', `/v1/bookings/${booking.ref}/payments`, { key: null, secret: READONLY_KEY }), 403, 'NotPermitted');
    const missing = schemas.expectProblem(await pay('TP-ZZZZ-ZZZZ', { amount: booking.due }), 404, 'NotFound');
    expect(missing.entity).to.equal('booking');
    const read = schemas.expectAnswer(
      'sellerGetPayment',
      await server.request('GET', `/v1/bookings/${booking.ref}/payments`, { key: null, secret: OWNER_KEY }),
    );
    expect(read).to.deep.include({ ref: booking.ref, booking_status: 'pending' });
    expect(read.payment).to.deep.include({ status: 'unpaid', receipts: [], payments: [] });
  });
});

describe('HTTP: what is left to bring on arrival in the currency the seller takes there (spec 2.8)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ secretKeyLimitPerMinute: 100_000 });
    // Atlas Trails taking only yen on arrival: a booking in dollars brings yen, converted when booking.
    const sellers = server.engine.docs.collection('sellers');
    const atlas = await sellers.findOne({ slug: 'atlas-trails' });
    await sellers.updateOne({ _id: atlas!._id }, { $set: { payment_methods: [{ kind: 'pay_on_arrival', deadline_hours: null, currencies: ['JPY'] }] } });
  });
  after(() => server.close());

  it('keeps the conversion made when booking: a part payment leaves the same share of the yen to bring', async () => {
    const trip = await simpleTrip(server);
    const start = await openStart(server, trip.optionId);
    const body = { option_id: trip.optionId, start, currency: 'USD', units: [{ unit_id: trip.unitId, qty: 2 }] };
    const hold = await server.request('POST', '/v1/public/holds', { body });
    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' } });
    expect(checkout.status, checkout.text).to.equal(200);
    const { ref, booking_token: token } = checkout.body;
    const due = checkout.body.quote.totals.due_now;
    const bring = checkout.body.payment.on_arrival;
    expect(bring.currency).to.equal('JPY');

    // A rate published since changes nothing already booked.
    expect((await server.request('POST', '/operator/fx-rates', { key: null, body: { rates: [{ quote: 'JPY', rate: '300' }] } })).status).to.equal(200);
    const part = Math.floor(due.amount / 4);
    const recorded = await server.request('POST', `/v1/bookings/${ref}/payments`, {
      key: null,
      secret: OWNER_KEY,
      body: { amount: { amount: part, currency: due.currency } },
    });
    expect(recorded.status, recorded.text).to.equal(200);
    const view = await server.request('GET', `/v1/public/bookings/${ref}?token=${token}`);
    expect(view.body.payment.on_arrival).to.deep.equal({ amount: Math.round((bring.amount * (due.amount - part)) / due.amount), currency: 'JPY' });
  });
});

describe('HTTP: a site that takes no payment', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
    // Atlas Trails as a seller that set up no way to pay (the seller interface has no endpoint to change them).
    const sellers = server.engine.docs.collection('sellers');
    const atlas = await sellers.findOne({ slug: 'atlas-trails' });
    await sellers.updateOne({ _id: atlas!._id }, { $set: { payment_methods: [] } });
  });
  after(() => server.close());

  it('shows nothing paid (not_collected), previews no refund, and a cancellation refunds 0', async () => {
    const trip = await simpleTrip(server);
    const start = await openStart(server, trip.optionId);
    const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 2 }] } });
    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead } });
    expect(checkout.status, checkout.text).to.equal(200);
    expect(checkout.body.status).to.equal('confirmed');
    expect(checkout.body.payment).to.deep.equal({
      method: null,
      status: 'not_collected',
      due_at: null,
      on_arrival: null,
      bank: null,
      receipt: null,
      link: null,
    });
    const { ref, booking_token: token } = checkout.body;
    const currency = checkout.body.quote.totals.due_now.currency;

    const preview = await server.request('GET', `/v1/public/bookings/${ref}/refund?token=${token}`);
    expect(preview.body.paid).to.deep.equal({ amount: 0, currency });
    expect(preview.body.refund).to.deep.equal({ amount: 0, currency });

    const cancelled = await server.request('POST', `/v1/public/bookings/${ref}/cancel?token=${token}`);
    expect(cancelled.status, cancelled.text).to.equal(200);
    expect(cancelled.body.cancellation.refund).to.deep.equal({ amount: 0, currency });
    const view = await server.request('GET', `/v1/public/bookings/${ref}?token=${token}`);
    expect(view.body.cancellation.refund.amount).to.equal(0);
    expect(view.body.payment.status).not.to.be.oneOf(['paid', 'refunded']);
    const payment = await server.request('GET', `/v1/bookings/${ref}/payments`, { key: null, secret: OWNER_KEY });
    expect(payment.body.payment).to.deep.include({ paid: { amount: 0, currency }, refunded: { amount: 0, currency } });
  });
});
