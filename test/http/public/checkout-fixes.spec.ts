import { expect } from 'chai';
import { OWNER_KEY, type SimpleTrip, type TestServer, openStart, simpleTrip, startTestServer } from '../harness';
import { type PublishedSchemas, publishedSchemas } from '../openapi-answers';
import { paymentMethodFor } from './pay-at-checkout';

const lead = { name: 'Dee Test', email: 'dee@example.com', phone: '+351 912 345 678' };
const ana = { full_name: 'Ana Lima', date_of_birth: '1990-04-02', passport_number: 'PA1234567' };
const rui = { full_name: 'Rui Lima', date_of_birth: '1988-09-30', passport_number: 'PB7654321' };
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Issue 8 review: checkout, payments and inputs as an outside client found them (findings F-hold-1, F-pay-1, F-pay-4, F-view-1, F-trav-1, F-msg-*, L1, L4). */
describe('HTTP: checkout, payments and inputs after the issue 8 review', function () {
  this.timeout(60_000);
  let server: TestServer;
  let schemas: PublishedSchemas;
  let trip: SimpleTrip;

  before(async () => {
    server = await startTestServer({ websiteKeyLimitPerMinute: 100_000, secretKeyLimitPerMinute: 100_000, pendingHours: 720 });
    schemas = await publishedSchemas(server);
    trip = await simpleTrip(server);
  });
  after(() => server.close());

  const hold = async (start: string, qty = 1, currency?: string) => {
    const answer = await server.request('POST', '/v1/public/holds', {
      body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty }], currency },
    });
    expect(answer.status, answer.text).to.equal(201);
    return answer.body.ref as string;
  };
  const checkout = (body: Record<string, unknown>, headers: Record<string, string> = {}) => server.request('POST', '/v1/public/checkout', { body, headers });
  const seller = (method: string, url: string, body?: unknown) => server.request(method, url, { key: null, secret: OWNER_KEY, body });

  describe('a checkout refused after its hold was checked out (F-hold-1)', () => {
    it('leaves the hold on hold until its time, then expired, never checked_out with no booking', async () => {
      const start = await openStart(server, trip.optionId, '2026-12', '21');
      const ref = await hold(start, 2);
      const calledOff = await seller('POST', `/v1/options/${trip.optionId}/departures/${start}/call-off`, { reason: 'other' });
      expect(calledOff.status, calledOff.text).to.equal(201);
      expect(calledOff.body.bookings).to.deep.equal([]);

      const refused = schemas.expectProblem(await checkout({ ref, lead, payment_method: 'pay_on_arrival' }), 422, 'SlotClosed');
      expect(refused.detail).to.match(/called off/);
      const shown = schemas.expectAnswer('getHold', await server.request('GET', `/v1/public/holds/${ref}`));
      expect(shown).to.deep.include({ ref, status: 'on_hold', start });
      // The same checkout again is refused the same way, and the hold still tells the truth.
      schemas.expectProblem(await checkout({ ref, lead, payment_method: 'pay_on_arrival' }), 422, 'SlotClosed');
      expect((await server.request('GET', `/v1/public/holds/${ref}`)).body.status).to.equal('on_hold');
      expect((await server.request('GET', `/v1/public/bookings/${ref}?email=${lead.email}`)).status).to.equal(404);

      server.clock.tick(Date.parse(shown.hold_expires_at) - Date.now() + 1_000);
      await server.expireHolds();
      expect((await server.request('GET', `/v1/public/holds/${ref}`)).body).to.deep.include({ ref, status: 'expired' });
    });
  });

  describe('a way to pay and the booking currency (F-pay-1)', () => {
    it('refuses a bank transfer for a booking in a currency the account does not take (422 PaymentMethodNotOffered, currencies), before checking the hold out', async () => {
      const start = await openStart(server, trip.optionId, '2026-12', '11');
      const methods = (await server.request('GET', `/v1/public/payment-methods?option_id=${trip.optionId}&start=${start}`)).body;
      expect(methods.find((m: { kind: string }) => m.kind === 'bank_transfer')?.currencies).to.deep.equal(['EUR']);

      const usd = await hold(start, 1, 'USD');
      const refused = schemas.expectProblem(await checkout({ ref: usd, lead, payment_method: 'bank_transfer' }), 422, 'PaymentMethodNotOffered');
      expect(refused).to.deep.include({ method: 'bank_transfer', currencies: ['EUR'] });
      expect(refused.detail).to.equal('bank_transfer takes EUR only and this booking is in USD: choose another way to pay, or book in EUR');
      const none = schemas.expectProblem(await checkout({ ref: usd, lead }), 422, 'PaymentMethodRequired');
      expect(none.offered).to.include('pay_on_arrival').and.not.include('bank_transfer');
      expect((await server.request('GET', `/v1/public/holds/${usd}`)).body.status).to.equal('on_hold');
      // The same hold is still booked with a way to pay that takes USD.
      const link = await checkout({ ref: usd, lead, payment_method: 'payment_link' });
      expect(link.status, link.text).to.equal(200);
      expect(link.body.quote.totals.due_now.currency).to.equal('USD');

      const eur = await hold(start, 1, 'EUR');
      const transfer = schemas.expectAnswer(
        'checkout',
        await checkout({ ref: eur, lead: { ...lead, email: 'eur@example.com' }, payment_method: 'bank_transfer' }),
      );
      expect(transfer.payment.method).to.equal('bank_transfer');
      expect(transfer.payment.bank).to.not.equal(null);
      expect(transfer.quote.totals.due_now.currency).to.equal('EUR');
    });
  });

  describe('a part-paid booking cancelled (F-pay-4)', () => {
    it('owes nothing more: outstanding 0, payment cancelled (or refunded when all of it went back), in the seller view and the booking view', async () => {
      const start = await openStart(server, trip.optionId, '2026-12', '12');
      const ref = await hold(start, 3, 'EUR');
      const booked = await checkout({ ref, lead: { ...lead, email: 'part@example.com' }, payment_method: 'pay_on_arrival' });
      expect(booked.status, booked.text).to.equal(200);
      const token = booked.body.booking_token as string;
      const due = booked.body.quote.totals.due_now as { amount: number; currency: string };
      const part = { amount: Math.floor(due.amount / 3), currency: due.currency };
      const paid = await seller('POST', `/v1/bookings/${ref}/payments`, { amount: part });
      expect(paid.body.payment).to.deep.include({ status: 'part_paid', outstanding: { amount: due.amount - part.amount, currency: due.currency } });

      const cancelled = await server.request('POST', `/v1/public/bookings/${ref}/cancel?token=${token}`, { body: {} });
      expect(cancelled.status, cancelled.text).to.equal(200);
      const refund = cancelled.body.cancellation.refund as { amount: number; currency: string };
      const status = refund.amount >= part.amount ? 'refunded' : 'cancelled';

      const payments = schemas.expectAnswer('sellerGetPayment', await seller('GET', `/v1/bookings/${ref}/payments`));
      expect(payments.booking_status).to.equal('cancelled');
      expect(payments.payment).to.deep.include({ status, paid: part, refunded: refund, outstanding: { amount: 0, currency: due.currency }, due_at: null });
      const view = schemas.expectAnswer('getBooking', await server.request('GET', `/v1/public/bookings/${ref}?token=${token}`));
      expect(view.payment).to.deep.include({ status, on_arrival: null, due_at: null });
      expect(view.cancellation.refund).to.deep.equal(refund);
    });
  });

  describe('a repeated checkout (F-view-1)', () => {
    it('answers the booking as it is now, traveller details given since included; only the tokens are the first answer', async () => {
      const list = await server.request('GET', '/v1/public/products?limit=100');
      const card = list.body.data.find((c: { slug: string }) => c.slug === 'sahara-desert-3-day-from-marrakesh');
      const options = (await server.request('GET', `/v1/public/products/${card.id}`)).body.options;
      const option = options.find((o: any) => o.traveller_details.collect === 'after_booking');
      const start = await openStart(server, option.id, '2026-12', '10');
      const adult = option.units.find((u: { type: string }) => u.type === 'adult');
      const double = option.room_types.find((r: { sleeps: number }) => r.sleeps === 2);
      const held = await server.request('POST', '/v1/public/holds', {
        body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 2 }], rooms: [{ room_type_id: double.id, qty: 1 }] },
      });
      expect(held.status, held.text).to.equal(201);
      const body = { ref: held.body.ref, lead, ...(await paymentMethodFor(server, { option_id: option.id, start })) };
      const headers = { 'Idempotency-Key': 'review-replay-0001' };
      const first = await checkout(body, headers);
      expect(first.status, first.text).to.equal(200);
      expect(first.body.details).to.deep.include({ status: 'needed', complete: false });
      const { ref, booking_token: token } = first.body;
      for (const [position, traveller] of [ana, rui].entries()) {
        const put = await server.request('PUT', `/v1/public/bookings/${ref}/travellers/${position + 1}?token=${token}`, { body: traveller });
        expect(put.status, put.text).to.equal(200);
      }
      const shown = (await server.request('GET', `/v1/public/bookings/${ref}?token=${token}`)).body.details;
      expect(shown).to.deep.include({ status: 'complete', complete: true });

      const again = schemas.expectAnswer('checkout', await checkout(body, headers));
      expect(again.details).to.deep.equal(shown);
      expect(again).to.include({ booking_token: token, contact_token: first.body.contact_token });
      const withoutKey = schemas.expectAnswer('checkout', await checkout(body));
      expect(withoutKey.details).to.deep.equal(shown);
      expect(withoutKey).to.include({ booking_token: null, contact_token: null });
    });
  });

  describe('traveller details (F-trav-1, F-msg-3)', () => {
    let option: any;
    let start: string;
    before(async () => {
      const list = await server.request('GET', '/v1/public/products?limit=100');
      const card = list.body.data.find((c: { slug: string }) => c.slug === 'granada-alhambra-guided-tour');
      const options = (await server.request('GET', `/v1/public/products/${card.id}`)).body.options;
      option = options.find(
        (o: any) =>
          o.traveller_details.collect === 'checkout' && o.traveller_details.fields.includes('date_of_birth') && o.units.some((u: any) => u.min_age === 12),
      );
      start = await openStart(server, option.id, '2026-12', '14');
    });

    const adultHold = async () => {
      const adult = option.units.find((u: any) => u.type === 'adult');
      const held = await server.request('POST', '/v1/public/holds', { body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 2 }] } });
      expect(held.status, held.text).to.equal(201);
      return { ref: held.body.ref as string, ...(await paymentMethodFor(server, { option_id: option.id, start })) };
    };

    it("checks at checkout each traveller's age against the units booked, passport numbers, and fields not asked for", async () => {
      const body = { ...(await adultHold()), lead: { ...lead, email: 'granada@example.com' } };
      const young = schemas.expectProblem(
        await checkout({ ...body, traveller_details: [ana, { ...rui, date_of_birth: '2020-01-01' }] }),
        422,
        'TravellerDetailsInvalid',
      );
      expect(young.problems).to.have.length(1);
      expect(young.problems[0]).to.include({ reason: 'age_outside_units', field: 'traveller_details[1].date_of_birth' });
      expect(young.problems[0].detail).to.match(/is 6 on the day of the trip, and the places booked are for ages 12 and over$/);
      for (const passport of ['AB', 'ab 123-4567']) {
        const short = schemas.expectProblem(
          await checkout({ ...body, traveller_details: [ana, { ...rui, passport_number: passport }] }),
          422,
          'TravellerDetailsInvalid',
        );
        expect(short.problems[0]).to.include({ reason: 'invalid_passport_number', field: 'traveller_details[1].passport_number' });
      }
      const unknown = schemas.expectProblem(await checkout({ ...body, traveller_details: [ana, { ...rui, nationality: 'PT' }] }), 422, 'InvalidInput');
      expect(unknown.problems).to.deep.equal([
        {
          reason: 'unknown_field',
          field: 'traveller_details[1].nationality',
          detail:
            "traveller_details[1].nationality is not asked for: a traveller's details are the form's fields by name, at the top level (full_name, date_of_birth, passport_number)",
          details: null,
        },
      ]);
      const booked = await checkout({ ...body, traveller_details: [ana, rui] });
      expect(booked.status, booked.text).to.equal(200);
    });

    it('checks the same with PUT, and says what the body is when it is wrapped ({details: {...}})', async () => {
      const booked = await checkout({ ...(await adultHold()), lead: { ...lead, email: 'granada2@example.com' }, traveller_details: [ana, rui] });
      const { ref, booking_token: token } = booked.body;
      const put = (position: number | string, body: unknown) =>
        server.request('PUT', `/v1/public/bookings/${ref}/travellers/${position}?token=${token}`, { body });
      const young = schemas.expectProblem(await put(2, { ...rui, date_of_birth: '2020-02-10' }), 422, 'TravellerDetailsInvalid');
      expect(young.problems[0]).to.include({ reason: 'age_outside_units', field: 'travellers[2].date_of_birth' });
      const passport = schemas.expectProblem(await put(2, { ...rui, passport_number: 'AB' }), 422, 'TravellerDetailsInvalid');
      expect(passport.problems[0]).to.include({ reason: 'invalid_passport_number', field: 'travellers[2].passport_number' });
      const extra = schemas.expectProblem(await put(2, { ...rui, nationality: 'PT' }), 422, 'InvalidInput');
      expect(extra.problems[0]).to.include({ reason: 'unknown_field', field: 'travellers[2].nationality' });
      const wrapped = schemas.expectProblem(await put(1, { details: ana }), 422, 'InvalidInput');
      expect(wrapped.detail).to.equal(
        "travellers[1].details is not asked for: a traveller's details are the form's fields by name, at the top level (full_name, date_of_birth, passport_number)",
      );
      const long = schemas.expectProblem(await put(2, { ...rui, full_name: 'x'.repeat(501) }), 422, 'TravellerDetailsInvalid');
      expect(long.problems[0]).to.include({ reason: 'too_long', field: 'travellers[2].full_name' });
      expect((await put(2, { ...rui, full_name: 'Rui Lima Jr' })).status).to.equal(200);
    });
  });

  describe('clearer answers (L1, F-msg-1, F-msg-2, F-pay-3, L4)', () => {
    it('answers a call-off or message for a date that does not exist with 422 InvalidInput naming start', async () => {
      for (const start of ['2026-13-40T09:00', '2026-02-30T09:00', '2026-12-10T25:00']) {
        const called = schemas.expectProblem(
          await seller('POST', `/v1/options/${trip.optionId}/departures/${start}/call-off`, { reason: 'weather' }),
          422,
          'InvalidInput',
        );
        expect(called.problems[0], start).to.include({ reason: 'invalid_start', field: 'start' });
        const messaged = await seller('POST', `/v1/options/${trip.optionId}/departures/${start}/messages`, { message: 'Hello' });
        expect(schemas.expectProblem(messaged, 422, 'InvalidInput').problems[0]).to.include({ field: 'start' });
      }
      schemas.expectProblem(await seller('POST', `/v1/options/${trip.optionId}/departures/2026-12-10T03:17/call-off`, { reason: 'weather' }), 404, 'NotFound');
    });

    it("says what the lead's email alone cannot do: send a receipt, take the refund instead", async () => {
      const start = await openStart(server, trip.optionId, '2026-12', '15');
      const ref = await hold(start, 1, 'EUR');
      const email = 'receipt@example.com';
      const booked = await checkout({ ref, lead: { ...lead, email }, payment_method: 'bank_transfer' });
      expect(booked.status, booked.text).to.equal(200);
      const receipt = await server.request('POST', `/v1/public/bookings/${ref}/receipt?email=${email}`, {
        raw: PDF as unknown as string,
        headers: { 'Content-Type': 'application/pdf' },
      });
      expect(schemas.expectProblem(receipt, 401, 'Unauthenticated').detail).to.equal(
        "the lead's email opens a booking but cannot send a receipt for it: send the booking token",
      );
      const instead = schemas.expectProblem(await server.request('POST', `/v1/public/bookings/${ref}/refund-instead?email=${email}`), 401, 'Unauthenticated');
      expect(instead.detail).to.equal("the lead's email opens a booking but cannot see or take the refund offered instead: send the booking token");
      const cancel = schemas.expectProblem(
        await server.request('POST', `/v1/public/bookings/${ref}/cancel?email=${email}`, { body: {} }),
        401,
        'Unauthenticated',
      );
      expect(cancel.detail).to.equal("the lead's email opens a booking but cannot cancel it: send the booking token");
    });

    it('says a payment link must be an https:// address, once, and a payment is a money object in minor units', async () => {
      const start = await openStart(server, trip.optionId, '2026-12', '16');
      const ref = await hold(start);
      const booked = await checkout({ ref, lead: { ...lead, email: 'link@example.com' }, payment_method: 'payment_link' });
      expect(booked.status, booked.text).to.equal(200);
      for (const url of ['http://pay.example.com/x', 'notaurl']) {
        const refused = schemas.expectProblem(await seller('POST', `/v1/bookings/${ref}/payment-link`, { url }), 422, 'InvalidInput');
        expect(refused.problems, url).to.have.length(1);
        expect(refused.problems[0].detail).to.equal('url must be an https:// address (https is required) of at most 2000 characters, without spaces');
      }
      const plain = schemas.expectProblem(await seller('POST', `/v1/bookings/${ref}/payments`, { amount: 100 }), 422, 'InvalidInput');
      expect(plain.problems[0].field).to.equal('amount');
      expect(plain.problems[0].detail).to.match(/^amount must be a money object \{amount, currency\}: amount a whole number of the currency's minor units/);
    });

    it('refuses a receipt for a rejected booking with 409 booking_not_open, as the README says', async () => {
      const start = await openStart(server, trip.optionId, '2026-12', '17');
      const ref = await hold(start, 1, 'EUR');
      const booked = await checkout({ ref, lead: { ...lead, email: 'rejected@example.com' }, payment_method: 'bank_transfer' });
      expect(booked.body.status).to.equal('pending');
      const rejected = await seller('POST', `/v1/bookings/${ref}/reject`, { reason: 'No guide that day' });
      expect(rejected.status, rejected.text).to.equal(200);
      const receipt = await server.request('POST', `/v1/public/bookings/${ref}/receipt?token=${booked.body.booking_token}`, {
        raw: PDF as unknown as string,
        headers: { 'Content-Type': 'application/pdf' },
      });
      expect(schemas.expectProblem(receipt, 409, 'Conflict').reason).to.equal('booking_not_open');
    });
  });
});
