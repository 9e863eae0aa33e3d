import { expect } from 'chai';
import { OWNER_KEY, SimpleTrip, TestServer, openStart, simpleTrip, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

const lead = { name: 'Marta Ruiz', email: 'marta.ruiz@example.com', phone: '+34 612 345 678' };
const LINK = 'https://pay.example/atlas/c/8f2a91';

/** Issue 8: the seller sends the link to pay a booking paid by payment link; the traveller sees it and is mailed it once. */
describe('HTTP: the seller sends the link to pay (POST /v1/bookings/{ref}/payment-link)', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  let trip: SimpleTrip;
  let start: string;

  before(async () => {
    server = await startTestServer({ secretKeyLimitPerMinute: 100_000, webhookAllowPrivateUrls: true });
    schemas = await publishedSchemas(server);
    trip = await simpleTrip(server);
    start = await openStart(server, trip.optionId, '2026-12', '11');
  });
  after(() => server.close());

  const owner = {
    get: (url: string) => server.request('GET', url, { key: null, secret: OWNER_KEY }),
    post: (url: string, body?: unknown) => server.request('POST', url, { key: null, secret: OWNER_KEY, body }),
  };
  const sendLink = (ref: string, url = LINK) => owner.post(`/v1/bookings/${ref}/payment-link`, { url });

  async function book(paymentMethod: string, locale = 'es'): Promise<{ ref: string; token: string; due: { amount: number; currency: string } }> {
    const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] } });
    expect(hold.status, hold.text).to.equal(201);
    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: paymentMethod, locale } });
    expect(checkout.status, checkout.text).to.equal(200);
    return { ref: checkout.body.ref, token: checkout.body.booking_token, due: checkout.body.quote.totals.due_now };
  }
  const view = (b: { ref: string; token: string }) => server.request('GET', `/v1/public/bookings/${b.ref}?token=${b.token}`);
  const linkMails = (ref: string) => server.mails.filter((m) => m.subject === `Reserva ${ref}: su enlace de pago`);

  /** The deliveries an endpoint has once the reactor scheduled `count` of them (it runs after the append). */
  async function deliveriesOf(id: string, count: number): Promise<any[]> {
    let listed: any[] = [];
    for (let i = 0; i < 80 && listed.length < count; i += 1) {
      await new Promise((r) => setTimeout(r, 25));
      listed = (await owner.get(`/v1/webhooks/${id}/deliveries`)).body.data;
    }
    return listed;
  }

  it('shows the link once sent, mails it to the traveller and announces it to webhooks, once per link', async () => {
    const hook = await owner.post('/v1/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['payment.link_sent'] });
    expect(hook.status, hook.text).to.equal(201);
    const booking = await book('payment_link');
    const before = schemas.expectAnswer('getBooking', await view(booking));
    expect(before.payment.link).to.deep.equal({ sent: false, sent_at: null, url: null });
    expect(before.payment.due_at).to.be.a('string');

    const sent = schemas.expectAnswer('sellerSendPaymentLink', await sendLink(booking.ref));
    expect(sent.payment.link).to.deep.equal({ url: LINK, sent_at: new Date().toISOString() });
    const after = schemas.expectAnswer('getBooking', await view(booking));
    expect(after.payment.link).to.deep.equal({ sent: true, sent_at: new Date().toISOString(), url: LINK });

    // The same link again: the same answer, nothing sent again.
    const again = await sendLink(booking.ref);
    expect(again.status, again.text).to.equal(200);
    expect(again.body).to.deep.equal(sent);
    const deliveries = await deliveriesOf(hook.body.id, 1);
    expect(deliveries.map((d: any) => d.type)).to.deep.equal(['payment.link_sent']);
    const mails = linkMails(booking.ref);
    expect(mails).to.have.length(1);
    expect(mails[0]).to.deep.include({ to: lead.email, locale: 'es', booking: { ref: booking.ref } });
    expect(mails[0].text).to.include(LINK);

    // Another link replaces it and is sent.
    const renewed = `${LINK}-2`;
    expect((await sendLink(booking.ref, renewed)).body.payment.link.url).to.equal(renewed);
    expect((await view(booking)).body.payment.link.url).to.equal(renewed);
    expect(await deliveriesOf(hook.body.id, 2)).to.have.length(2);
    expect(linkMails(booking.ref)).to.have.length(2);

    // Paid in full: the link is no longer shown, and no other is sent.
    expect((await owner.post(`/v1/bookings/${booking.ref}/payments`, { amount: booking.due })).body.booking_status).to.equal('confirmed');
    const paid = (await view(booking)).body;
    expect(paid.payment.link).to.deep.include({ sent: true, url: null });
    const late = schemas.expectProblem(await sendLink(booking.ref, `${LINK}-3`), 409, 'Conflict');
    expect(late.reason).to.equal('payment_not_due');
  });

  it('refuses another way to pay (409 payment_not_by_link) and an address that is not https (422)', async () => {
    const onArrival = await book('pay_on_arrival');
    expect((await view(onArrival)).body.payment.link).to.equal(null);
    const refused = schemas.expectProblem(await sendLink(onArrival.ref), 409, 'Conflict');
    expect(refused.reason).to.equal('payment_not_by_link');
    const byLink = await book('payment_link');
    schemas.expectProblem(await sendLink(byLink.ref, 'http://pay.example/x'), 422, 'InvalidInput');
    schemas.expectProblem(await sendLink('TP-ZZZZ-ZZZZ'), 404, 'NotFound');
  });
});
