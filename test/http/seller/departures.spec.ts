import { expect } from 'chai';
import { bookingDecider, bookingStream } from '../../../domain/booking';
import { departureDecider, departureStream } from '../../../domain/departure';
import { paymentDecider, paymentStream } from '../../../domain/payment';
import { callOffReactor } from '../../../application/departures/reactors/call-off';
import { OWNER_KEY, READONLY_KEY, SimpleTrip, TestServer, openStart, remainingAt, simpleTrip, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

interface Made {
  ref: string;
  token: string;
  email: string;
}

/** Issue 8: a seller calls off a start (bookings moved or cancelled), writes to its travellers; refund instead of a move. */
describe('HTTP: departures called off and messaged (bookings:write)', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  let trip: SimpleTrip;
  let n = 0;

  before(async () => {
    server = await startTestServer({ secretKeyLimitPerMinute: 100_000 });
    schemas = await publishedSchemas(server);
    trip = await simpleTrip(server);
  });
  after(() => server.close());

  const seller = (secret = OWNER_KEY) => ({
    post: (url: string, body?: unknown) => server.request('POST', url, { key: null, secret, body }),
  });
  const callOffUrl = (start: string, optionId = trip.optionId) => `/v1/options/${optionId}/departures/${start}/call-off`;

  /** A booking through a hold and checkout; paid in full when `paid` (by payment link, the money recorded as received). */
  async function book(start: string, qty: number, paid = false): Promise<Made> {
    n += 1;
    const email = `traveller${n}@example.com`;
    const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty }] } });
    expect(hold.status, hold.text).to.equal(201);
    const lead = { name: `Traveller ${n}`, email, phone: '+351 912 345 678' };
    const checkout = await server.request('POST', '/v1/public/checkout', {
      body: { ref: hold.body.ref, lead, payment_method: paid ? 'payment_link' : 'pay_on_arrival', locale: 'en' },
    });
    expect(checkout.status, checkout.text).to.equal(200);
    const ref = checkout.body.ref as string;
    if (paid) {
      const now = new Date();
      const received = await server.engine.platform.commands.handle(
        paymentStream(ref),
        paymentDecider,
        {
          type: 'RecordPayment',
          ref,
          paymentId: `pay-${ref}`,
          amount: checkout.body.quote.totals.due_now,
          reference: null,
          receivedAt: now,
          bookingStatus: checkout.body.status,
          now,
        },
        { correlationId: 'test' },
      );
      expect(received).to.not.have.property('refused');
      await server.engine.platform.awaitProjections((received as { position: number }).position);
    }
    return { ref, token: checkout.body.booking_token, email };
  }

  const view = async (made: Made) => (await server.request('GET', `/v1/public/bookings/${made.ref}?token=${made.token}`)).body;
  const mailsTo = (email: string) => server.mails.filter((m) => m.to === email);

  it('moves every booking to the offered start, emails each traveller, and offers the refund instead until then', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '01');
    const offered = await openStart(server, trip.optionId, '2026-12', '08');
    const a = await book(start, 2, true);
    const b = await book(start, 1);
    const before = await remainingAt(server, trip.optionId, offered);
    const statusOfA = (await view(a)).status;

    const called = schemas.expectAnswer(
      'sellerCallOffDeparture',
      await seller().post(callOffUrl(start), { reason: 'weather', note: 'Storm warning for the coast', offered_start: offered }),
    );
    expect(called).to.include({ start, offered_start: offered, reason: 'weather', note: 'Storm warning for the coast' });
    expect(called.call_id).to.match(/^[0-9a-f-]{36}$/);
    expect(called.bookings).to.have.deep.members([
      { ref: a.ref, outcome: 'moved', start: offered },
      { ref: b.ref, outcome: 'moved', start: offered },
    ]);

    // The bookings are for the new start now, as they were; its places are taken there and given back at the old one.
    expect(await view(a)).to.include({ status: statusOfA, start: offered });
    expect(await view(b)).to.include({ status: 'confirmed', start: offered });
    expect(await remainingAt(server, trip.optionId, offered)).to.equal((before as number) - 3);
    const { state } = await server.engine.platform.commands.load(departureStream(trip.optionId, start), departureDecider);
    expect(state.entries[a.ref].status).to.equal('released');

    // The start called off takes no more holds.
    const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] } });
    expect(hold.status).to.equal(422);
    expect(hold.body.code).to.equal('SlotClosed');
    // Nor does it quote, nor offer ways to pay.
    const quoted = await server.request('POST', '/v1/public/quotes', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] } });
    expect(quoted.status).to.equal(422);
    expect(quoted.body.code).to.equal('SlotClosed');
    const methods = await server.request('GET', `/v1/public/payment-methods?option_id=${trip.optionId}&start=${encodeURIComponent(start)}`);
    expect(methods.body).to.deep.equal([]);
    // And the calendar shows it closed, with no places to offer.
    const month = (await server.request('GET', `/v1/public/options/${trip.optionId}/calendar?month=${start.slice(0, 7)}`)).body;
    const day = month.find((d: { date: string }) => d.date === start.slice(0, 10));
    const shown = day.starts.find((s: { time: string | null }) => (s.time === null ? day.date : `${day.date}T${s.time}`) === start);
    expect(shown).to.deep.equal({ time: shown.time, status: 'closed', remaining: null });

    await server.engine.reactors.catchUp();
    const [mail] = mailsTo(a.email).filter((m) => m.subject.includes('new date'));
    expect(mail.booking).to.deep.equal({ ref: a.ref });
    expect(mail.text).to.include(offered).and.include('the weather').and.include('Storm warning for the coast').and.include('refund');
    // Paid on arrival: nothing to refund, so cancelling is offered free of charge instead.
    const [free] = mailsTo(b.email).filter((m) => m.subject.includes('new date'));
    expect(free.text).to.include('free of charge').and.not.include('refund of');

    // Refund instead: token or session only; a wrong token is a missing booking.
    const offer = schemas.expectAnswer('getRefundInstead', await server.request('GET', `/v1/public/bookings/${a.ref}/refund-instead?token=${a.token}`));
    const paid = (await view(a)).quote.totals.due_now;
    expect(offer).to.deep.equal({
      reason: 'weather',
      note: 'Storm warning for the coast',
      called_off_start: start,
      moved_to_start: offered,
      refund: paid,
      available_until: offer.available_until,
    });
    expect(Date.parse(offer.available_until)).to.be.greaterThan(Date.now());
    schemas.expectProblem(await server.request('GET', `/v1/public/bookings/${a.ref}/refund-instead?email=${a.email}`), 401, 'Unauthenticated');
    const wrong = schemas.expectProblem(await server.request('GET', `/v1/public/bookings/${a.ref}/refund-instead?token=nope`), 404, 'NotFound');
    expect(wrong.entity).to.equal('booking');

    const taken = schemas.expectAnswer('takeRefundInstead', await server.request('POST', `/v1/public/bookings/${a.ref}/refund-instead?token=${a.token}`));
    expect(taken).to.deep.equal({ ref: a.ref, status: 'cancelled', cancellation: { by: 'seller', refund_pct: 100, refund: paid } });
    expect(await remainingAt(server, trip.optionId, offered)).to.equal((before as number) - 1);
    const { state: payment } = await server.engine.platform.commands.load(paymentStream(a.ref), paymentDecider);
    expect(payment.status !== 'none' && payment.refunded).to.deep.equal(paid);

    // Taken: nothing is offered any more.
    expect(schemas.expectProblem(await server.request('GET', `/v1/public/bookings/${a.ref}/refund-instead?token=${a.token}`), 404, 'NotFound').entity).to.equal(
      'refund_instead',
    );
    // Taking it again (a retry) answers the same, and refunds nothing more.
    const retaken = schemas.expectAnswer('takeRefundInstead', await server.request('POST', `/v1/public/bookings/${a.ref}/refund-instead?token=${a.token}`));
    expect(retaken).to.deep.equal(taken);
    const { state: refundedOnce } = await server.engine.platform.commands.load(paymentStream(a.ref), paymentDecider);
    expect(refundedOnce.status !== 'none' && refundedOnce.refunded).to.deep.equal(paid);

    // The same start again: the call that stands.
    const again = schemas.expectProblem(await seller().post(callOffUrl(start), { reason: 'other' }), 409, 'Conflict');
    expect(again.reason).to.equal('departure_called_off');
    expect(again.details).to.include({ call_id: called.call_id, start });
  });

  it('closes the refund instead once the new start has begun (409 refund_instead_closed; GET 404)', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '02');
    const offered = await openStart(server, trip.optionId, '2026-12', '03');
    const a = await book(start, 1);
    schemas.expectAnswer('sellerCallOffDeparture', await seller().post(callOffUrl(start), { reason: 'guide_unavailable', offered_start: offered }));
    const offer = (await server.request('GET', `/v1/public/bookings/${a.ref}/refund-instead?token=${a.token}`)).body;
    server.clock.setSystemTime(new Date(Date.parse(offer.available_until) + 60_000));
    try {
      const late = schemas.expectProblem(await server.request('POST', `/v1/public/bookings/${a.ref}/refund-instead?token=${a.token}`), 409, 'Conflict');
      expect(late.reason).to.equal('refund_instead_closed');
      schemas.expectProblem(await server.request('GET', `/v1/public/bookings/${a.ref}/refund-instead?token=${a.token}`), 404, 'NotFound');
    } finally {
      server.clock.setSystemTime(new Date('2026-11-22T08:00:00.000Z'));
    }
  });

  it('cancels by the seller, refunding everything paid, when no start is offered or the offered one has no room', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '04');
    const full = await openStart(server, trip.optionId, '2026-12', '05');
    const paid = await book(start, 2, true);
    const unpaid = await book(start, 1);
    const other = await book(start, 1);
    // The offered start has one place left: the first booking in ref order that fits takes it.
    const remaining = (await remainingAt(server, trip.optionId, full)) as number;
    const now = new Date();
    await server.engine.platform.commands.handle(
      departureStream(trip.optionId, full),
      departureDecider,
      {
        type: 'HoldPlaces',
        ref: 'TP-FULL-0001',
        optionId: trip.optionId,
        start: full,
        places: remaining - 1,
        capacity: remaining,
        expiresAt: '2027-01-01T00:00:00.000Z',
        now,
      },
      { correlationId: 'test' },
    );
    const called = schemas.expectAnswer(
      'sellerCallOffDeparture',
      await seller().post(callOffUrl(start), { reason: 'too_few_travellers', offered_start: full }),
    );
    const byRef = Object.fromEntries(called.bookings.map((b: any) => [b.ref, b]));
    const ones = [unpaid, other].map((m) => m.ref).sort();
    expect(byRef[paid.ref]).to.deep.equal({ ref: paid.ref, outcome: 'cancelled', start });
    expect(byRef[ones[0]]).to.deep.equal({ ref: ones[0], outcome: 'moved', start: full });
    expect(byRef[ones[1]]).to.deep.equal({ ref: ones[1], outcome: 'cancelled', start });

    const cancelled = await view(paid);
    expect(cancelled.status).to.equal('cancelled');
    expect(cancelled.cancellation).to.deep.equal({ by: 'seller', refund_pct: 100, refund: cancelled.quote.totals.due_now });
    await server.engine.reactors.catchUp();
    const [mail] = mailsTo(paid.email).filter((m) => m.subject.includes('cancelled by the seller'));
    expect(mail.booking).to.deep.equal({ ref: paid.ref });
    expect(mail.text).to.include('too few travellers').and.include('everything you paid');

    // Without an offered start every booking is cancelled.
    const lone = await openStart(server, trip.optionId, '2026-12', '06');
    const c = await book(lone, 1);
    const none = schemas.expectAnswer('sellerCallOffDeparture', await seller().post(callOffUrl(lone), { reason: 'safety' }));
    expect(none).to.include({ offered_start: null, note: null });
    expect(none.bookings).to.deep.equal([{ ref: c.ref, outcome: 'cancelled', start: lone }]);
    // Its places are given back, and the start, called off, stays closed.
    const { state: loneStart } = await server.engine.platform.commands.load(departureStream(trip.optionId, lone), departureDecider);
    expect(loneStart.entries[c.ref].status).to.equal('released');
    expect(await remainingAt(server, trip.optionId, lone)).to.equal(null);
    await server.engine.reactors.catchUp();
    const [told] = mailsTo(c.email).filter((m) => m.subject.includes('cancelled by the seller'));
    expect(told.text).to.include('safety reasons').and.include('Nothing was paid');
    // One mail about the cancellation, the call-off's, with its reason: not the plain cancellation mail beside it.
    expect(mailsTo(c.email).filter((m) => m.booking?.ref === c.ref && /cancel/i.test(m.subject))).to.have.length(1);
  });

  it('does nothing twice when the call-off reactor runs again (a restart)', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '09');
    const offered = await openStart(server, trip.optionId, '2026-12', '10');
    await book(start, 1);
    await book(start, 2, true);
    schemas.expectAnswer('sellerCallOffDeparture', await seller().post(callOffUrl(start), { reason: 'weather', offered_start: offered }));
    const events = await server.engine.events.readStream(departureStream(trip.optionId, start));
    const calledOff = events.find((e) => e.type === 'DepartureCalledOff');
    await server.engine.reactors.catchUp();
    const head = await server.engine.events.headPosition();
    const mails = server.mails.length;
    await callOffReactor.handlers.DepartureCalledOff(calledOff as any, server.engine.platform);
    await callOffReactor.handlers.DepartureCalledOff(calledOff as any, server.engine.platform);
    await server.engine.reactors.catchUp();
    expect(await server.engine.events.headPosition()).to.equal(head);
    expect(server.mails.length).to.equal(mails);
  });

  it('refuses a start offered that is not later or not open, a start not of the option, other sellers and keys without bookings:write', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '15');
    const earlier = await openStart(server, trip.optionId, '2026-12', '11');
    const notLater = schemas.expectProblem(await seller().post(callOffUrl(start), { reason: 'weather', offered_start: earlier }), 422, 'InvalidInput');
    expect(notLater.problems[0]).to.include({ reason: 'not_later', field: 'offered_start' });
    const bad = schemas.expectProblem(await seller().post(callOffUrl(start), { reason: 'weather', offered_start: '2026-12-31T03:17' }), 422, 'SlotClosed');
    expect(bad.detail).to.include('offered_start');
    schemas.expectProblem(await seller().post(callOffUrl(start), { reason: 'rain' }), 422, 'InvalidInput');
    expect(schemas.expectProblem(await seller().post(callOffUrl('2026-12-15T03:17'), { reason: 'weather' }), 404, 'NotFound').entity).to.equal('start');
    expect(schemas.expectProblem(await seller().post(callOffUrl(start, 'no-such-option'), { reason: 'weather' }), 404, 'NotFound').entity).to.equal('option');
    // A start that has begun is not called off (422 start_begun, or 404 when it is no start of the option at all).
    expect((await seller().post(callOffUrl('2026-11-20T09:30'), { reason: 'weather' })).status).to.be.oneOf([404, 422]);
    schemas.expectProblem(await seller(READONLY_KEY).post(callOffUrl(start), { reason: 'weather' }), 403, 'NotPermitted');
    const market = await seller('tp_sk_demo_market').post(callOffUrl(start), { reason: 'weather' });
    expect(market.status).to.be.oneOf([403, 404]);
    // Nothing was called off by any of these.
    const { state } = await server.engine.platform.commands.load(departureStream(trip.optionId, start), departureDecider);
    expect(state.calledOff).to.equal(null);
  });

  it('writes to every traveller of a start once, and records it on each booking', async () => {
    const start = await openStart(server, trip.optionId, '2026-12', '12');
    const a = await book(start, 1);
    const b = await book(start, 2);
    const sent = schemas.expectAnswer(
      'sellerMessageDeparture',
      await seller().post(`/v1/options/${trip.optionId}/departures/${start}/messages`, { message: 'Meet at gate B at 09:15.', subject: 'Meeting point' }),
    );
    expect(sent.bookings).to.equal(2);
    expect(sent.message_id).to.match(/^[0-9a-f-]{36}$/);
    for (const made of [a, b]) {
      const mails = mailsTo(made.email).filter((m) => m.text.includes('Meet at gate B at 09:15.'));
      expect(mails).to.have.length(1);
      expect(mails[0].subject).to.include('Meeting point');
      expect(mails[0].booking).to.deep.equal({ ref: made.ref });
      const events = await server.engine.events.readStream(bookingStream(made.ref));
      expect(events.filter((e) => e.type === 'BookingMessaged').map((e) => e.data.messageId)).to.deep.equal([sent.message_id]);
    }
    const { state } = await server.engine.platform.commands.load(bookingStream(a.ref), bookingDecider);
    expect(state.status).to.equal('confirmed');
    schemas.expectProblem(await seller().post(`/v1/options/${trip.optionId}/departures/${start}/messages`, { message: '' }), 422, 'InvalidInput');
  });
});
