import { expect } from 'chai';
import { DateTime } from 'luxon';
import { travellerDetailsStream } from '../../../domain/traveller-details';
import { OWNER_KEY, type TestServer, expectProblem, openStart, startTestServer } from '../harness';
import { type PublishedSchemas, publishedSchemas } from '../openapi-answers';
import { paymentMethodFor } from './pay-at-checkout';

const SAHARA = 'sahara-desert-3-day-from-marrakesh';
const lead = { name: 'Ana Lima', email: 'ana@example.com', phone: '+351 912 345 678' };
const ana = { full_name: 'Ana Lima', date_of_birth: '1990-04-02', passport_number: 'PA1234567' };
const rui = { full_name: 'Rui Lima', date_of_birth: '1988-09-30', passport_number: 'PB7654321' };

interface Booked {
  ref: string;
  token: string;
  start: string;
}

describe('traveller details after booking (spec 4.5)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let schemas: PublishedSchemas;
  let options: any[];

  before(async () => {
    // Requests wait for the seller a month here, so no lapse interferes with the clock the specs move.
    server = await startTestServer({ pendingHours: 720 });
    schemas = await publishedSchemas(server);
    const list = await server.request('GET', '/v1/public/products?limit=100');
    const card = list.body.data.find((c: any) => c.slug === SAHARA);
    options = (await server.request('GET', `/v1/public/products/${card.id}`)).body.options;
  });
  after(() => server.close());

  const afterBooking = () => options.find((o) => o.traveller_details.collect === 'after_booking');
  const atCheckout = () => options.find((o) => o.traveller_details.collect === 'checkout' && o.traveller_details.fields.length > 0);

  async function book(option: any, day = '10', extra: Record<string, unknown> = {}): Promise<Booked> {
    const start = await openStart(server, option.id, '2026-12', day);
    const adult = option.units.find((u: any) => u.type === 'adult');
    const double = option.room_types.find((r: any) => r.sleeps === 2);
    const hold = await server.request('POST', '/v1/public/holds', {
      body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 2 }], rooms: [{ room_type_id: double.id, qty: 1 }] },
    });
    expect(hold.status, hold.text).to.equal(201);
    const checkout = await server.request('POST', '/v1/public/checkout', {
      body: { ref: hold.body.ref, lead, ...(await paymentMethodFor(server, { option_id: option.id, start })), ...extra },
    });
    expect(checkout.status, checkout.text).to.equal(200);
    return { ref: checkout.body.ref, token: checkout.body.booking_token, start };
  }

  const dueAt = (start: string, hours: number) => DateTime.fromISO(start, { zone: 'Africa/Casablanca' }).minus({ hours }).toUTC().toJSDate().toISOString();
  const travellersOf = (b: Booked, query = `token=${b.token}`) => server.request('GET', `/v1/public/bookings/${b.ref}/travellers?${query}`);
  const put = (b: Booked, position: number | string, body: unknown, query = `token=${b.token}`) =>
    server.request('PUT', `/v1/public/bookings/${b.ref}/travellers/${position}?${query}`, { body });
  const view = (b: Booked) => server.request('GET', `/v1/public/bookings/${b.ref}?token=${b.token}`);

  describe('an option that collects them after booking', () => {
    let booked: Booked;
    before(async () => {
      booked = await book(afterBooking());
    });

    it('checkout does not ask for them; the booking view says they are needed by due_hours_before the start', async () => {
      const due = dueAt(booked.start, 48);
      expect(afterBooking().traveller_details).to.deep.include({ collect: 'after_booking', due_hours_before: 48 });
      const answer = schemas.expectAnswer('getBooking', await view(booked));
      expect(answer.details).to.deep.equal({ status: 'needed', due_at: due, needed: true, complete: false, overdue: false });
    });

    it('GET answers the form and, per position, what was given so far', async () => {
      const answer = schemas.expectAnswer('getTravellers', await travellersOf(booked));
      expect(answer.ref).to.equal(booked.ref);
      expect(answer.form).to.deep.equal({
        collect: 'after_booking',
        due_at: dueAt(booked.start, 48),
        fields: [
          { name: 'full_name', label: 'Full name', kind: 'text', required: true, sensitive: false },
          { name: 'date_of_birth', label: 'Date of birth', kind: 'date', required: true, sensitive: false },
          { name: 'passport_number', label: 'Passport number', kind: 'text', required: true, sensitive: true },
        ],
      });
      expect(answer.details.status).to.equal('needed');
      expect(answer.travellers).to.deep.equal([
        { position: 1, lead: true, complete: false, details: {}, given_by: null, given_at: null, link_expires_at: null },
        { position: 2, lead: false, complete: false, details: {}, given_by: null, given_at: null, link_expires_at: null },
      ]);
    });

    it('PUT checks a traveller as checkout does, naming the fields of that traveller', async () => {
      const missing = schemas.expectProblem(await put(booked, 2, { full_name: 'Rui Lima', date_of_birth: '1988-09-30' }), 422, 'TravellerDetailsRequired');
      expect(missing.missing).to.deep.equal([{ traveller: 2, fields: ['passport_number'] }]);
      const none = schemas.expectProblem(await put(booked, 2, {}), 422, 'TravellerDetailsRequired');
      expect(none.missing).to.deep.equal([{ traveller: 2 }]);
      const wrong = schemas.expectProblem(await put(booked, 2, { ...rui, date_of_birth: '1988-02-30' }), 422, 'TravellerDetailsInvalid');
      expect(wrong.problems).to.have.length(1);
      expect(wrong.problems[0]).to.include({ reason: 'invalid_date', field: 'travellers[2].date_of_birth' });
      const future = schemas.expectProblem(await put(booked, 2, { ...rui, date_of_birth: '2030-01-01' }), 422, 'TravellerDetailsInvalid');
      expect(future.problems[0]).to.include({ reason: 'date_not_past', field: 'travellers[2].date_of_birth' });
      const notText = schemas.expectProblem(await put(booked, 2, { ...rui, passport_number: 1234567 }), 422, 'TravellerDetailsInvalid');
      expect(notText.problems[0]).to.include({ reason: 'invalid_value', field: 'travellers[2].passport_number' });
    });

    it('PUT saves one traveller and answers it with the passport number masked', async () => {
      const answer = schemas.expectAnswer('putTraveller', await put(booked, 1, { ...ana, full_name: '  Ana Lima ' }));
      expect(answer).to.deep.include({ position: 1, lead: true, complete: true, given_by: 'lead', link_expires_at: null });
      expect(answer.details).to.deep.equal({ full_name: 'Ana Lima', date_of_birth: '1990-04-02', passport_number: '•••••567' });
      const listed = (await travellersOf(booked)).body;
      expect(listed.travellers[0].details.passport_number).to.equal('•••••567');
      expect(JSON.stringify(listed)).not.to.include('PA1234567');
      expect((await view(booked)).body.details).to.deep.include({ status: 'needed', complete: false });
    });

    it('positions run 1 to pax: another is 404 traveller, one that is not a number 422', async () => {
      const beyond = expectProblem(await put(booked, 3, rui), 404, 'NotFound');
      expect(beyond.entity).to.equal('traveller');
      expect(beyond.detail).to.match(/1 to 2/);
      expectProblem(await put(booked, 0, rui), 404, 'NotFound');
      expectProblem(await put(booked, 'lead', rui), 422, 'InvalidInput');
      const link = expectProblem(await server.request('POST', `/v1/public/bookings/${booked.ref}/travellers/3/link?token=${booked.token}`), 404, 'NotFound');
      expect(link.entity).to.equal('traveller');
    });

    it("the lead's email reads but cannot change; a wrong token is a missing booking", async () => {
      const byEmail = schemas.expectAnswer('getTravellers', await travellersOf(booked, 'email=ANA@example.com'));
      expect(byEmail.travellers).to.have.length(2);
      expectProblem(await put(booked, 2, rui, 'email=ana@example.com'), 401, 'Unauthenticated');
      expectProblem(await server.request('POST', `/v1/public/bookings/${booked.ref}/travellers/2/link?email=ana@example.com`), 401, 'Unauthenticated');
      expect(expectProblem(await travellersOf(booked, 'token=bt_wrong'), 404, 'NotFound').entity).to.equal('booking');
      expect(expectProblem(await travellersOf(booked, ''), 404, 'NotFound').entity).to.equal('booking');
      expectProblem(await put(booked, 2, rui, 'token=bt_wrong'), 404, 'NotFound');
    });

    it("a traveller's link opens that traveller's details and nothing else", async () => {
      const made = await server.request('POST', `/v1/public/bookings/${booked.ref}/travellers/2/link?token=${booked.token}`);
      const link = schemas.expectAnswer('makeTravellerLink', made);
      const startsAt = DateTime.fromISO(booked.start, { zone: 'Africa/Casablanca' }).toUTC().toJSDate().toISOString();
      expect(link).to.deep.include({ position: 2, expires_at: startsAt });
      expect(link.token).to.match(/^tt_[A-Za-z0-9_-]{22,}$/);
      // The storefront's manage page (/manage by default) on its site.
      expect(link.url).to.match(/^https:\/\/[^/]+\/manage\?/);
      expect(link.url.endsWith(`/manage?ref=${booked.ref}&traveller_token=${link.token}`)).to.equal(true);
      const by = `traveller_token=${link.token}`;

      const own = schemas.expectAnswer('getTravellers', await travellersOf(booked, by));
      expect(own.details).to.equal(null);
      expect(own.form.fields).to.have.length(3);
      expect(own.travellers).to.deep.equal([
        { position: 2, lead: false, complete: false, details: {}, given_by: null, given_at: null, link_expires_at: startsAt },
      ]);

      // Not the lead's position, not the booking, not another link, not the refund, not cancelling.
      expect(expectProblem(await put(booked, 1, ana, by), 404, 'NotFound').entity).to.equal('booking');
      expect(expectProblem(await server.request('GET', `/v1/public/bookings/${booked.ref}?${by}`), 404, 'NotFound').entity).to.equal('booking');
      expectProblem(await server.request('GET', `/v1/public/bookings/${booked.ref}/refund?${by}`), 404, 'NotFound');
      expectProblem(await server.request('POST', `/v1/public/bookings/${booked.ref}/cancel?${by}`), 404, 'NotFound');
      expectProblem(await server.request('POST', `/v1/public/bookings/${booked.ref}/travellers/2/link?${by}`), 404, 'NotFound');
      expectProblem(await travellersOf(booked, 'traveller_token=tt_not-a-link'), 404, 'NotFound');

      const saved = schemas.expectAnswer('putTraveller', await put(booked, 2, rui, by));
      expect(saved).to.deep.include({ position: 2, complete: true, given_by: 'traveller_link' });
      expect(saved.details.passport_number).to.equal('•••••321');

      // A new link for the same traveller replaces the old one.
      const again = schemas.expectAnswer(
        'makeTravellerLink',
        await server.request('POST', `/v1/public/bookings/${booked.ref}/travellers/2/link?token=${booked.token}`),
      );
      expect(again.token).not.to.equal(link.token);
      expectProblem(await travellersOf(booked, by), 404, 'NotFound');
      expect((await travellersOf(booked, `traveller_token=${again.token}`)).status).to.equal(200);
    });

    it('once every traveller gave theirs the booking view says complete', async () => {
      const answer = schemas.expectAnswer('getBooking', await view(booked));
      expect(answer.details).to.deep.equal({ status: 'complete', due_at: dueAt(booked.start, 48), needed: true, complete: true, overdue: false });
      const listed = (await travellersOf(booked)).body;
      expect(listed.details.status).to.equal('complete');
      expect(listed.travellers.map((t: any) => [t.given_by, t.complete])).to.deep.equal([
        ['lead', true],
        ['traveller_link', true],
      ]);
      // The same details again change nothing.
      expect((await put(booked, 1, ana)).status).to.equal(200);
    });
  });

  describe('an option that collects them at checkout', () => {
    it('checkout still asks for every traveller; they are complete at once and listed masked', async () => {
      const option = atCheckout();
      const start = await openStart(server, option.id, '2026-12', '12');
      const adult = option.units.find((u: any) => u.type === 'adult');
      const double = option.room_types.find((r: any) => r.sleeps === 2);
      const hold = await server.request('POST', '/v1/public/holds', {
        body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 2 }], rooms: [{ room_type_id: double.id, qty: 1 }] },
      });
      const body = { ref: hold.body.ref, lead, ...(await paymentMethodFor(server, { option_id: option.id, start })) };
      expectProblem(await server.request('POST', '/v1/public/checkout', { body }), 422, 'TravellerDetailsRequired');
      const checkout = await server.request('POST', '/v1/public/checkout', { body: { ...body, traveller_details: [ana, rui] } });
      expect(checkout.status, checkout.text).to.equal(200);
      expect(checkout.body.details).to.deep.equal({ status: 'complete', due_at: null, needed: true, complete: true, overdue: false });
      const booked = { ref: checkout.body.ref, token: checkout.body.booking_token, start };
      const listed = schemas.expectAnswer('getTravellers', await travellersOf(booked));
      expect(listed.form).to.deep.include({ collect: 'checkout', due_at: null });
      expect(listed.travellers[1]).to.deep.include({ position: 2, complete: true, given_by: 'checkout' });
      expect(listed.travellers[1].details).to.deep.equal({ full_name: 'Rui Lima', date_of_birth: '1988-09-30', passport_number: '•••••321' });
      // The lead may still correct them.
      const fixed = schemas.expectAnswer('putTraveller', await put(booked, 2, { ...rui, full_name: 'Rui M. Lima' }));
      expect(fixed).to.deep.include({ given_by: 'lead' });
      expect((await view(booked)).body.details.status).to.equal('complete');
    });
  });

  describe('identity numbers at rest (sealed in the event log)', () => {
    const logText = async () => JSON.stringify(await server.engine.events.readAll(-1));
    const sellerView = (ref: string) => server.request('GET', `/v1/bookings/${ref}`, { key: null, secret: OWNER_KEY });

    it('keeps passport numbers given at checkout and after it out of the log, and shows them to the seller and masked to the traveller', async () => {
      const option = atCheckout();
      const start = await openStart(server, option.id, '2026-12', '14');
      const adult = option.units.find((u: any) => u.type === 'adult');
      const double = option.room_types.find((r: any) => r.sleeps === 2);
      const hold = await server.request('POST', '/v1/public/holds', {
        body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 2 }], rooms: [{ room_type_id: double.id, qty: 1 }] },
      });
      const ines = { full_name: 'Ines Sousa', date_of_birth: '1991-01-20', passport_number: 'PC1112223' };
      const tiago = { full_name: 'Tiago Sousa', date_of_birth: '1989-03-14', passport_number: 'PD4445556' };
      const body = { ref: hold.body.ref, lead, traveller_details: [ines, tiago], ...(await paymentMethodFor(server, { option_id: option.id, start })) };
      const checkout = await server.request('POST', '/v1/public/checkout', { body });
      expect(checkout.status, checkout.text).to.equal(200);
      const booked = { ref: checkout.body.ref, token: checkout.body.booking_token, start };
      const renewed = { ...tiago, passport_number: 'PE7778889' };
      expect((await put(booked, 2, renewed)).status).to.equal(200);
      // The same details again change nothing.
      const before = await server.engine.events.headPosition();
      expect((await put(booked, 2, renewed)).status).to.equal(200);
      expect(await server.engine.events.headPosition()).to.equal(before);

      const log = await logText();
      for (const number of ['PC1112223', 'PD4445556', 'PE7778889']) expect(log).not.to.include(number);
      expect(log).to.include('Ines Sousa');

      const listed = (await travellersOf(booked)).body;
      expect(listed.travellers.map((t: any) => t.details.passport_number)).to.deep.equal(['•••••223', '•••••889']);
      const seen = await sellerView(booked.ref);
      expect(seen.status, seen.text).to.equal(200);
      expect(seen.body.travellers).to.deep.equal([ines, renewed]);
    });

    it('reads details written in plain text before they were sealed as they were', async () => {
      const booked = await book(afterBooking(), '16');
      const plain = { full_name: 'Old Entry', date_of_birth: '1970-01-01', passport_number: 'PZ0000999' };
      await server.engine.events.append(
        travellerDetailsStream(booked.ref),
        [{ type: 'TravellerDetailsSaved', data: { ref: booked.ref, position: 2, details: plain, by: 'lead', at: new Date().toISOString() } }],
        'any',
      );
      const listed = (await travellersOf(booked)).body;
      expect(listed.travellers[1].details).to.deep.equal({ ...plain, passport_number: '•••••999' });
      expect((await sellerView(booked.ref)).body.travellers[1]).to.deep.equal(plain);
    });
  });

  describe('as time passes', () => {
    it('details missing after due_at are overdue; links stop working at the start', async () => {
      const booked = await book(afterBooking(), '20');
      const link = (await server.request('POST', `/v1/public/bookings/${booked.ref}/travellers/2/link?token=${booked.token}`)).body;
      await put(booked, 1, ana);
      const due = Date.parse(dueAt(booked.start, 48));
      const started = Date.parse(dueAt(booked.start, 0));
      const now = Date.now();
      try {
        server.clock.setSystemTime(due - 60_000);
        expect((await view(booked)).body.details).to.deep.include({ status: 'needed', overdue: false });
        server.clock.setSystemTime(due);
        const overdue = schemas.expectAnswer('getBooking', await view(booked));
        expect(overdue.details).to.deep.equal({ status: 'overdue', due_at: new Date(due).toISOString(), needed: true, complete: false, overdue: true });
        expect((await travellersOf(booked)).body.details.status).to.equal('overdue');
        // Still accepted late: the link works until the start.
        expect((await travellersOf(booked, `traveller_token=${link.token}`)).status).to.equal(200);
        server.clock.setSystemTime(started);
        expectProblem(await travellersOf(booked, `traveller_token=${link.token}`), 404, 'NotFound');
        const late = expectProblem(await server.request('POST', `/v1/public/bookings/${booked.ref}/travellers/2/link?token=${booked.token}`), 409, 'Conflict');
        expect(late.reason).to.equal('trip_started');
        expect((await put(booked, 2, rui)).status).to.equal(200);
        expect((await view(booked)).body.details).to.deep.include({ status: 'complete', overdue: false });
      } finally {
        server.clock.setSystemTime(now);
      }
    });
  });

  it('a booking that no longer goes ahead takes no more details, and makes no more links', async () => {
    const booked = await book(afterBooking(), '22');
    const cancelled = await server.request('POST', `/v1/public/bookings/${booked.ref}/cancel?token=${booked.token}`, { body: {} });
    expect(cancelled.status, cancelled.text).to.equal(200);
    const refused = expectProblem(await put(booked, 1, ana), 409, 'Conflict');
    expect(refused).to.deep.include({ reason: 'booking_not_active', details: { ref: booked.ref, booking_status: 'cancelled' } });
    const link = expectProblem(await server.request('POST', `/v1/public/bookings/${booked.ref}/travellers/1/link?token=${booked.token}`), 409, 'Conflict');
    expect(link.reason).to.equal('booking_not_active');
    // What was asked stays readable; it is never overdue.
    expect((await travellersOf(booked)).status).to.equal(200);
    expect((await view(booked)).body.details).to.deep.equal({ status: 'not_needed', due_at: null, needed: false, complete: true, overdue: false });
  });

  it('a trip that asks for no details: not_needed, and PUT is 409 details_not_needed', async () => {
    const list = await server.request('GET', '/v1/public/products?limit=100');
    for (const card of list.body.data) {
      const trip = (await server.request('GET', `/v1/public/products/${card.id}`)).body;
      const option = trip.options.find(
        (o: any) =>
          o.traveller_details.fields.length === 0 &&
          o.capacity_mode === 'limited' &&
          o.confirmation === 'instant' &&
          !o.ask_for_price &&
          o.room_types.length === 0 &&
          o.units.some((u: any) => u.type === 'adult') &&
          (o.min_units ?? 1) <= 1,
      );
      if (!option) continue;
      const start = await openStart(server, option.id, '2026-12', '14');
      const adult = option.units.find((u: any) => u.type === 'adult');
      const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: option.id, start, units: [{ unit_id: adult.id, qty: 1 }] } });
      const checkout = await server.request('POST', '/v1/public/checkout', {
        body: { ref: hold.body.ref, lead, ...(await paymentMethodFor(server, { option_id: option.id, start })) },
      });
      const booked = { ref: checkout.body.ref, token: checkout.body.booking_token, start };
      expect(checkout.body.details).to.deep.equal({ status: 'not_needed', due_at: null, needed: false, complete: true, overdue: false });
      const listed = schemas.expectAnswer('getTravellers', await travellersOf(booked));
      expect(listed.form).to.deep.equal({ collect: 'checkout', due_at: null, fields: [] });
      expect(listed.travellers).to.deep.equal([
        { position: 1, lead: true, complete: true, details: {}, given_by: null, given_at: null, link_expires_at: null },
      ]);
      expect(expectProblem(await put(booked, 1, ana), 409, 'Conflict').reason).to.equal('details_not_needed');
      return;
    }
    expect.fail('the direct storefront has no simple trip without traveller details');
  });
});
