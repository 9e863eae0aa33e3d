import { expect } from 'chai';
import { SimpleTrip, TestServer, openStart, remainingAt, simpleTrip, startTestServer } from '../harness';

const lead = { name: 'Ana Lima', email: 'Ana.Lima@example.com', phone: '+351 912 345 678' };

describe('HTTP: the booking path end to end (spec parts 3 and 4)', () => {
  let server: TestServer;
  let trip: SimpleTrip;
  let start: string;

  before(async () => {
    server = await startTestServer();
    trip = await simpleTrip(server);
    start = await openStart(server, trip.optionId);
  });
  after(() => server.close());

  const selection = (qty: number, at = start) => ({ option_id: trip.optionId, start: at, units: [{ unit_id: trip.unitId, qty }] });

  it('quotes with lines that add up to the totals, and no places taken', async () => {
    const quote = await server.request('POST', '/v1/public/quotes', { body: selection(2) });
    expect(quote.status).to.equal(200);
    const q = quote.body;
    expect(q.option_id).to.equal(trip.optionId);
    expect(q.pax).to.equal(2);
    expect(q.confirmation).to.equal('instant');
    expect(q.remaining).to.equal(trip.capacity);
    const upfront = q.lines.filter((l: any) => l.pay_at === 'upfront').reduce((s: number, l: any) => s + l.total.amount, 0);
    expect(q.totals.due_now).to.deep.equal({ amount: upfront, currency: 'USD' });
    for (const line of q.lines) expect(line.total.amount).to.equal(line.unit_price.amount * line.qty);
    expect(q.fx).to.include({ base: 'USD', quote: 'USD' });
    expect(q.policy).to.have.property('preset');
    expect(await remainingAt(server, trip.optionId, start)).to.equal(trip.capacity);
  });

  it('holds (201), shows it on the calendar at once, checks out, views, previews the refund and cancels', async () => {
    const hold = await server.request('POST', '/v1/public/holds', { body: selection(2) });
    expect(hold.status).to.equal(201);
    expect(hold.body.ref).to.match(/^TP-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(hold.body.status).to.equal('on_hold');
    expect(hold.body.start).to.equal(start);
    expect(Date.parse(hold.body.hold_expires_at) - Date.now()).to.equal(15 * 60_000);
    expect(hold.headers.get('cache-control')).to.equal('no-store');
    expect(await remainingAt(server, trip.optionId, start)).to.equal(trip.capacity - 2);

    const held = await server.request('GET', `/v1/public/holds/${hold.body.ref}`);
    expect(held.status).to.equal(200);
    expect(held.body).to.include({ ref: hold.body.ref, status: 'on_hold' });

    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' } });
    expect(checkout.status).to.equal(200);
    const booking = checkout.body;
    expect(booking).to.include({ ref: hold.body.ref, status: 'confirmed', start, pax: 2 });
    expect(booking.booking_token).to.be.a('string').with.length.greaterThan(20);
    expect(booking.contact_token).to.be.a('string').with.length.greaterThan(20);
    expect(booking.trip).to.deep.equal({ title: booking.trip.title, option: booking.trip.option, product_id: trip.productId });
    expect(JSON.stringify(booking)).not.to.include(lead.email);
    expect(JSON.stringify(booking)).not.to.include(lead.phone);
    expect(await remainingAt(server, trip.optionId, start)).to.equal(trip.capacity - 2);

    const repeat = await server.request('POST', '/v1/public/checkout', {
      body: { ref: hold.body.ref, lead: { ...lead, email: lead.email.toUpperCase() }, payment_method: 'pay_on_arrival' },
    });
    expect(repeat.status).to.equal(200);
    expect(repeat.body.ref).to.equal(booking.ref);
    expect(repeat.body.booking_token).to.equal(null);
    expect(repeat.body.contact_token).to.equal(null);

    const byToken = await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.booking_token}`);
    expect(byToken.status).to.equal(200);
    expect(byToken.body).to.include({ ref: booking.ref, status: 'confirmed' });
    expect(byToken.body).not.to.have.property('booking_token');
    const byEmail = await server.request('GET', `/v1/public/bookings/${booking.ref}?email=${encodeURIComponent('ana.lima@EXAMPLE.com')}`);
    expect(byEmail.status).to.equal(200);

    const refund = await server.request('GET', `/v1/public/bookings/${booking.ref}/refund?token=${booking.booking_token}`);
    expect(refund.status).to.equal(200);
    expect(refund.body).to.have.all.keys('days_before', 'refund_pct', 'refund', 'paid');
    expect(refund.body.days_before).to.be.greaterThan(1);

    const cancelByEmail = await server.request('POST', `/v1/public/bookings/${booking.ref}/cancel?email=${encodeURIComponent(lead.email)}`);
    expect(cancelByEmail.status).to.equal(401);
    expect(cancelByEmail.body.code).to.equal('Unauthenticated');

    const cancel = await server.request('POST', `/v1/public/bookings/${booking.ref}/cancel?token=${booking.booking_token}`, {
      body: { reason: 'plans changed' },
    });
    expect(cancel.status).to.equal(200);
    expect(cancel.body).to.deep.equal({
      ref: booking.ref,
      status: 'cancelled',
      cancellation: { by: 'traveller', refund_pct: refund.body.refund_pct, refund: refund.body.refund },
    });
    expect(await remainingAt(server, trip.optionId, start)).to.equal(trip.capacity);
    // Mails go out from reactors after the append, not within the answer.
    await server.engine.reactors.catchUp();
    expect(server.mails.some((m) => m.to.toLowerCase() === lead.email.toLowerCase() && m.subject.includes(booking.ref))).to.equal(true);
    // Paid on arrival, nothing came in: the cancellation mail promises no refund of it.
    const told = server.mails.find((m) => m.booking?.ref === booking.ref && m.subject.includes('cancelled'));
    expect(told?.text).to.include('Nothing was paid').and.not.include('Refund:');

    const again = await server.request('POST', `/v1/public/bookings/${booking.ref}/cancel?token=${booking.booking_token}`);
    expect(again.status).to.equal(409);
    expect(again.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(again.body).to.include({ code: 'Conflict', reason: 'booking_not_confirmed', status: 409 });
    expect(again.body.details).to.deep.include({ booking_status: 'cancelled' });
    // Nor does it preview a refund it would not give: the same 409.
    const preview = await server.request('GET', `/v1/public/bookings/${booking.ref}/refund?token=${booking.booking_token}`);
    expect(preview.status).to.equal(409);
    expect(preview.body).to.include({ code: 'Conflict', reason: 'booking_not_confirmed' });
  });

  it('answers a wrong token or email exactly like a missing booking', async () => {
    const hold = await server.request('POST', '/v1/public/holds', { body: selection(1) });
    const booking = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' } });
    const wrongToken = await server.request('GET', `/v1/public/bookings/${booking.body.ref}?token=bt_wrong`);
    const wrongEmail = await server.request('GET', `/v1/public/bookings/${booking.body.ref}?email=someone@example.com`);
    const noProof = await server.request('GET', `/v1/public/bookings/${booking.body.ref}`);
    const missing = await server.request('GET', '/v1/public/bookings/TP-AAAA-AAAA?token=bt_wrong');
    const malformed = await server.request('GET', '/v1/public/bookings/not-a-ref?token=bt_wrong');
    expect(malformed.status).to.equal(404);
    const huge = await server.request('GET', `/v1/public/bookings/${'X'.repeat(500)}?token=${'t'.repeat(500)}`);
    expect(huge.status).to.equal(404);
    const shortEmail = await server.request('GET', `/v1/public/bookings/${booking.body.ref}?email=a`);
    expect(shortEmail.status).to.equal(404);
    expect({ ...malformed.body }).to.deep.equal({ ...missing.body });
    for (const answer of [wrongToken, wrongEmail, noProof]) {
      expect(answer.status).to.equal(404);
      expect({ ...answer.body }).to.deep.equal({ ...missing.body });
    }
    expect(missing.body).to.include({ code: 'NotFound', entity: 'booking' });
  });

  it('refuses a second checkout of the hold for someone else (409)', async () => {
    const hold = await server.request('POST', '/v1/public/holds', { body: selection(1) });
    await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' } });
    const other = await server.request('POST', '/v1/public/checkout', {
      body: { ref: hold.body.ref, lead: { ...lead, email: 'other@example.com' }, payment_method: 'pay_on_arrival' },
    });
    expect(other.status).to.equal(409);
    expect(other.body.reason).to.equal('hold_checked_out');
  });

  it('repeats a hold with the same Idempotency-Key and refuses the key for another request', async () => {
    const headers = { 'Idempotency-Key': 'order-42' };
    const first = await server.request('POST', '/v1/public/holds', { body: selection(1), headers });
    const second = await server.request('POST', '/v1/public/holds', { body: selection(1), headers });
    expect(first.status).to.equal(201);
    expect(second.status).to.equal(201);
    expect(second.body.ref).to.equal(first.body.ref);
    const different = await server.request('POST', '/v1/public/holds', { body: selection(2), headers });
    expect(different.status).to.equal(409);
    expect(different.body.code).to.equal('Conflict');
    const tooLong = await server.request('POST', '/v1/public/holds', { body: selection(1), headers: { 'Idempotency-Key': 'x'.repeat(256) } });
    expect(tooLong.status).to.equal(422);
  });

  it('lets a hold expire: places return and checkout is refused HoldExpired', async () => {
    const at = await openStart(server, trip.optionId, '2026-12', '20');
    const hold = await server.request('POST', '/v1/public/holds', { body: selection(3, at) });
    expect(await remainingAt(server, trip.optionId, at)).to.equal(trip.capacity - 3);
    server.clock.tick(15 * 60_000);
    const status = await server.request('GET', `/v1/public/holds/${hold.body.ref}`);
    expect(status.body.status).to.equal('expired');
    expect(await remainingAt(server, trip.optionId, at)).to.equal(trip.capacity);
    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' } });
    expect(checkout.status).to.equal(422);
    expect(checkout.body.code).to.equal('HoldExpired');
    expect(await server.expireHolds()).to.be.greaterThan(0);
  });

  it('refuses a checkout without a hold for an instant option (HoldRequired)', async () => {
    const answer = await server.request('POST', '/v1/public/checkout', { body: { lead } });
    expect(answer.status).to.equal(422);
    expect(answer.body.code).to.equal('HoldRequired');
  });

  it('refuses quotes that do not fit: SlotClosed, PastCutoff, UnknownUnit, CurrencyNotEnabled, NotEnoughCapacity', async () => {
    const closed = await server.request('POST', '/v1/public/quotes', { body: selection(1, `${start.slice(0, 10)}T03:17`) });
    expect(closed.body.code).to.equal('SlotClosed');
    const today = await server.request('GET', `/v1/public/options/${trip.optionId}/calendar?month=2026-11`);
    const past = today.body.flatMap((d: any) => d.starts.map((s: any) => ({ ...s, date: d.date }))).find((s: any) => s.status === 'past_cutoff');
    const pastCutoff = await server.request('POST', '/v1/public/quotes', { body: selection(1, past.time ? `${past.date}T${past.time}` : past.date) });
    expect(pastCutoff.status).to.equal(422);
    expect(pastCutoff.body.code).to.equal('PastCutoff');
    expect(pastCutoff.body.cutoffAt).to.match(/Z$/);
    const unknownUnit = await server.request('POST', '/v1/public/quotes', { body: { ...selection(1), units: [{ unit_id: 'nope', qty: 1 }] } });
    expect(unknownUnit.body).to.include({ code: 'UnknownUnit', unitId: 'nope' });
    const currency = await server.request('POST', '/v1/public/quotes', { body: { ...selection(1), currency: 'JPY' } });
    expect(currency.body).to.include({ code: 'CurrencyNotEnabled', currency: 'JPY' });
    const tooMany = await server.request('POST', '/v1/public/quotes', { body: selection(trip.capacity + 1) });
    expect(tooMany.status).to.equal(422);
    expect(tooMany.body.code).to.be.oneOf(['NotEnoughCapacity', 'UnitQuantityInvalid']);
    const notReal = await server.request('POST', '/v1/public/quotes', { body: selection(1, '2026-02-30T09:30') });
    expect(notReal.status).to.equal(422);
    expect(notReal.body.code).to.equal('InvalidInput');
    const unknownOption = await server.request('POST', '/v1/public/quotes', { body: { ...selection(1), option_id: '00000000-0000-0000-0000-000000000000' } });
    expect(unknownOption.status).to.equal(404);
    expect(unknownOption.body.entity).to.equal('option');
  });
});

describe('HTTP: on_request and manual options (spec part 3)', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({}, new Date('2026-11-22T08:00:00.000Z'));
  });
  after(() => server.close());

  async function optionWhere(match: (o: any) => boolean) {
    const list = await server.request('GET', '/v1/public/products?limit=100', { key: 'tp_pk_demo_market' });
    for (const card of list.body.data) {
      const trip = await server.request('GET', `/v1/public/products/${card.id}`, { key: 'tp_pk_demo_market' });
      const option = trip.body.options.find(match);
      if (option) return option;
    }
    throw new Error('no such option in the demo catalog');
  }

  it('refuses a hold and a quote of an on_request option (OnRequest), and checks the selection out as a pending request', async () => {
    const option = await optionWhere((o) => o.capacity_mode === 'on_request' && !o.ask_for_price && !o.sales_paused);
    const start = await openStart(server, option.id, '2026-12', '10', 'tp_pk_demo_market');
    const adult = option.units.find((u: any) => u.type === 'adult');
    const selection = { option_id: option.id, start, units: [{ unit_id: adult.id, qty: Math.max(1, option.min_units ?? 1) }] };
    const hold = await server.request('POST', '/v1/public/holds', { key: 'tp_pk_demo_market', body: selection });
    expect(hold.status).to.equal(422);
    expect(hold.body.code).to.equal('OnRequest');
    const quote = await server.request('POST', '/v1/public/quotes', { key: 'tp_pk_demo_market', body: selection });
    expect(quote.status).to.equal(422);
    expect(quote.body.code).to.equal('OnRequest');

    const lead = { name: 'Kenji', email: 'kenji@example.com', phone: '+81 90 1234 5678' };
    const headers = { 'Idempotency-Key': 'request-1' };
    let checkout = await server.request('POST', '/v1/public/checkout', { key: 'tp_pk_demo_market', body: { ...selection, lead }, headers });
    if (checkout.status === 422 && checkout.body.code === 'PaymentMethodRequired') {
      checkout = await server.request('POST', '/v1/public/checkout', {
        key: 'tp_pk_demo_market',
        body: { ...selection, lead, payment_method: checkout.body.offered[0] },
        headers: { 'Idempotency-Key': 'request-2' },
      });
    }
    expect(checkout.status, checkout.text).to.equal(200);
    expect(checkout.body.status).to.equal('pending');
    expect(checkout.body.pending_expires_at).to.be.a('string');
    expect(checkout.body.booking_token).to.be.a('string');
  });
});

describe('HTTP: ways to pay at checkout (spec 2.8, 4.3, 4.4)', () => {
  let server: TestServer;
  const key = 'tp_pk_demo_market';
  const lead = { name: 'Mia Weber', email: 'mia@example.com', phone: '+49 151 2345 6789' };

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  /** A limited, instant, adults-only default option of a seller with ways to pay. */
  async function payableTrip(method: string) {
    const list = await server.request('GET', '/v1/public/products?limit=100', { key });
    for (const card of list.body.data) {
      if (card.seller.slug === 'atlas-trails') continue;
      const trip = await server.request('GET', `/v1/public/products/${card.id}`, { key });
      const option = trip.body.options.find(
        (o: any) =>
          o.is_default &&
          o.capacity_mode === 'limited' &&
          o.confirmation === 'instant' &&
          !o.ask_for_price &&
          o.units.some((u: any) => u.type === 'adult') &&
          (o.min_units ?? 1) <= 1 &&
          o.room_types.length === 0 &&
          o.traveller_details.fields.length === 0,
      );
      if (!option) continue;
      const start = await openStart(server, option.id, '2027-01', '12', key);
      const methods = await server.request('GET', `/v1/public/payment-methods?option_id=${option.id}&start=${start}`, { key });
      if (methods.body.some((m: any) => m.kind === method)) {
        const adult = option.units.find((u: any) => u.type === 'adult');
        return { option, start, adult, methods: methods.body };
      }
    }
    throw new Error(`no trip paid by ${method}`);
  }

  it('asks for a payment method where the seller has ways to pay, naming those offered', async () => {
    const { option, start, adult, methods } = await payableTrip('pay_on_arrival');
    const hold = await server.request('POST', '/v1/public/holds', { key, body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 2 }] } });
    const answer = await server.request('POST', '/v1/public/checkout', { key, body: { ref: hold.body.ref, lead } });
    expect(answer.status).to.equal(422);
    expect(answer.body.code).to.equal('PaymentMethodRequired');
    expect(answer.body.offered).to.have.members(methods.map((m: any) => m.kind));
    const wrong = await server.request('POST', '/v1/public/checkout', { key, body: { ref: hold.body.ref, lead, payment_method: 'bank_transfer' } });
    expect(wrong.body).to.include({ code: 'PaymentMethodNotOffered', method: 'bank_transfer' });
  });

  it('keeps nothing for a refused checkout: the same Idempotency-Key works for the corrected request, and repeats it', async () => {
    const { option, start, adult } = await payableTrip('pay_on_arrival');
    const hold = await server.request('POST', '/v1/public/holds', { key, body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 1 }] } });
    const headers = { 'Idempotency-Key': 'checkout-retry-1' };
    const refused = await server.request('POST', '/v1/public/checkout', { key, headers, body: { ref: hold.body.ref, lead } });
    expect(refused.body.code).to.equal('PaymentMethodRequired');
    const corrected = await server.request('POST', '/v1/public/checkout', {
      key,
      headers,
      body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival' },
    });
    expect(corrected.status, corrected.text).to.equal(200);
    expect(corrected.body.booking_token).to.be.a('string');
    const repeated = await server.request('POST', '/v1/public/checkout', {
      key,
      headers,
      body: { payment_method: 'pay_on_arrival', lead, ref: hold.body.ref },
    });
    expect(repeated.status).to.equal(200);
    expect(repeated.body.ref).to.equal(corrected.body.ref);
    // Same key, same request: the first result in full, tokens included (spec part 8, issue 8).
    expect(repeated.body.booking_token).to.equal(corrected.body.booking_token);
    const other = await server.request('POST', '/v1/public/checkout', {
      key,
      headers,
      body: { ref: hold.body.ref, lead: { ...lead, name: 'Someone Else' }, payment_method: 'pay_on_arrival' },
    });
    expect(other.status).to.equal(409);
  });

  it('pays on arrival: confirmed, nothing paid now, the amount to bring in a currency the method takes', async () => {
    const { option, start, adult, methods } = await payableTrip('pay_on_arrival');
    const onArrival = methods.find((m: any) => m.kind === 'pay_on_arrival');
    const hold = await server.request('POST', '/v1/public/holds', {
      key,
      body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 2 }], currency: 'USD' },
    });
    const booking = await server.request('POST', '/v1/public/checkout', {
      key,
      body: { ref: hold.body.ref, lead, payment_method: 'pay_on_arrival', locale: 'de' },
    });
    expect(booking.status, booking.text).to.equal(200);
    expect(booking.body.status).to.equal('confirmed');
    expect(booking.body.payment).to.include({ method: 'pay_on_arrival', status: 'pay_on_arrival' });
    const bring = booking.body.payment.on_arrival;
    expect(Number.isInteger(bring.amount)).to.equal(true);
    if (onArrival.currencies.length > 0) expect(onArrival.currencies).to.include(bring.currency);
    if (onArrival.currencies.includes('USD')) expect(bring).to.deep.equal(hold.body.quote.totals.due_now);
    await server.engine.reactors.catchUp();
    const mail = server.mails.find((m) => m.subject.includes(booking.body.ref));
    expect(mail?.locale).to.equal('de');
    expect(mail?.subject).to.equal(`Buchung ${booking.body.ref}: bestätigt`);
    const refund = await server.request('GET', `/v1/public/bookings/${booking.body.ref}/refund?token=${booking.body.booking_token}`, { key });
    expect(refund.body.paid.amount).to.equal(0);
    expect(refund.body.refund.amount).to.equal(0);
    await server.request('POST', `/v1/public/bookings/${booking.body.ref}/cancel?token=${booking.body.booking_token}`, { key });
    const cancelled = await server.request('GET', `/v1/public/bookings/${booking.body.ref}?token=${booking.body.booking_token}`, { key });
    expect(cancelled.body.payment).to.include({ status: 'cancelled', on_arrival: null });
  });

  it('pays by link: pending until paid, with the deadline as due_at and pending_expires_at', async () => {
    const { option, start, adult, methods } = await payableTrip('payment_link');
    const link = methods.find((m: any) => m.kind === 'payment_link');
    const hold = await server.request('POST', '/v1/public/holds', { key, body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 1 }] } });
    const booking = await server.request('POST', '/v1/public/checkout', { key, body: { ref: hold.body.ref, lead, payment_method: 'payment_link' } });
    expect(booking.status, booking.text).to.equal(200);
    expect(booking.body.status).to.equal('pending');
    expect(booking.body.payment).to.include({ method: 'payment_link', status: 'unpaid' });
    expect(booking.body.payment.due_at).to.be.a('string');
    expect(booking.body.pending_expires_at).to.equal(booking.body.payment.due_at);
    expect(link.deadline_hours).to.be.a('number');
  });
});

describe('HTTP: a settled payment is refunded on cancellation', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('shows payment status refunded once everything paid went back', async () => {
    const trip = await simpleTrip(server);
    const start = await openStart(server, trip.optionId, '2027-01', '05');
    const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] } });
    const booking = await server.request('POST', '/v1/public/checkout', {
      body: { ref: hold.body.ref, lead: { name: 'A', email: 'a@example.com', phone: '+351 912 000 000' }, payment_method: 'pay_on_arrival' },
    });
    // The seller took the whole amount before the day (as a seller's recorded payment would be).
    const due = hold.body.quote.totals.due_now;
    const received = { ref: booking.body.ref, paymentId: 'pay-1', amount: due, paid: due, status: 'paid', reference: null, at: new Date().toISOString() };
    const payment = `payment-${booking.body.ref}`;
    await server.engine.events.append(payment, [{ type: 'PaymentReceived', data: received }], (await server.engine.events.readStream(payment)).length - 1);
    await server.request('POST', `/v1/public/bookings/${booking.body.ref}/cancel?token=${booking.body.booking_token}`);
    const after = await server.request('GET', `/v1/public/bookings/${booking.body.ref}?token=${booking.body.booking_token}`);
    expect(after.body.status).to.equal('cancelled');
    expect(after.body.payment.status).to.equal('refunded');
  });
});

describe('HTTP: an email that cannot be sent changes no answer', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer({}, undefined, {
      mailer: {
        send: async () => {
          throw new Error('mail server down');
        },
      },
    });
  });
  after(() => server.close());

  it('still books (with tokens) and cancels', async () => {
    const trip = await simpleTrip(server);
    const start = await openStart(server, trip.optionId, '2027-01', '08');
    const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] } });
    const booking = await server.request('POST', '/v1/public/checkout', {
      body: { ref: hold.body.ref, lead: { name: 'B', email: 'b@example.com', phone: '+351 912 111 111' }, payment_method: 'pay_on_arrival' },
    });
    expect(booking.status).to.equal(200);
    expect(booking.body.booking_token).to.be.a('string');
    const cancel = await server.request('POST', `/v1/public/bookings/${booking.body.ref}/cancel?token=${booking.body.booking_token}`);
    expect(cancel.status).to.equal(200);
    expect(await remainingAt(server, trip.optionId, start)).to.equal(trip.capacity);
  });
});

describe('HTTP: a checkout that stopped half-way', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('gives its places back an hour after the hold ran out, and refuses a late retry', async () => {
    const trip = await simpleTrip(server);
    const start = await openStart(server, trip.optionId, '2027-01', '15');
    const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 2 }] } });
    const ref = hold.body.ref;
    // What a crash between booking the places and placing the booking leaves behind.
    const events = server.engine.events;
    await events.append(`hold-${ref}`, [{ type: 'HoldCheckedOut', data: { ref, leadEmail: 'c@example.com', at: new Date().toISOString() } }], 0);
    const departure = `departure-${trip.optionId}-${start}`;
    const revision = (await events.readStream(departure)).length - 1;
    await events.append(departure, [{ type: 'PlacesBooked', data: { ref } }], revision);
    await server.engine.runner.catchUp();
    expect(await remainingAt(server, trip.optionId, start)).to.equal(trip.capacity - 2);

    server.clock.tick(15 * 60_000 + 30 * 60_000);
    await server.expireHolds();
    await server.engine.runner.catchUp();
    expect(await remainingAt(server, trip.optionId, start)).to.equal(trip.capacity - 2);

    server.clock.tick(31 * 60_000);
    await server.expireHolds();
    await server.engine.runner.catchUp();
    expect(await remainingAt(server, trip.optionId, start)).to.equal(trip.capacity);
    const retry = await server.request('POST', '/v1/public/checkout', {
      body: { ref, lead: { name: 'C', email: 'c@example.com', phone: '+351 912 222 222' }, payment_method: 'pay_on_arrival' },
    });
    expect(retry.status).to.equal(422);
    expect(retry.body.code).to.equal('HoldExpired');
  });
});
