import { expect } from 'chai';
import { DEMO_KEYS } from '../../../infra/seed/demo-catalog';
import { type TestServer, openStart, startTestServer } from '../harness';
import { type PublishedSchemas, publishedSchemas } from '../openapi-answers';

const key = DEMO_KEYS.noPayment;
const lead = { name: 'Beatriz Nunes', email: 'beatriz.nunes@example.com', phone: '+351 913 222 333' };

/** Issue 8: the demo's Coimbra Walks site takes no payment: nothing is shown as paid and no refund is promised. */
describe('HTTP: a demo site that takes no payment (tp_pk_demo_nopay)', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;

  before(async () => {
    server = await startTestServer();
    schemas = await publishedSchemas(server);
  });
  after(() => server.close());

  it('books with no way to pay, shows nothing paid, and cancels with nothing to refund', async () => {
    const list = await server.request('GET', '/v1/public/products', { key });
    expect(list.body.data.map((c: any) => c.slug)).to.deep.equal(['coimbra-university-walking-tour']);
    const trip = (await server.request('GET', `/v1/public/products/${list.body.data[0].id}`, { key })).body;
    const option = trip.options[0];
    const start = await openStart(server, option.id, '2026-12', '10', key);
    const methods = await server.request('GET', `/v1/public/payment-methods?option_id=${option.id}&start=${start}`, { key });
    expect(methods.body).to.deep.equal([]);

    const hold = await server.request('POST', '/v1/public/holds', {
      key,
      body: { option_id: option.id, start, units: [{ unit_id: option.units[0].id, qty: 2 }] },
    });
    expect(hold.status, hold.text).to.equal(201);
    const checkout = schemas.expectAnswer(
      'checkout',
      await server.request('POST', '/v1/public/checkout', { key, body: { ref: hold.body.ref, lead, locale: 'en' } }),
    );
    expect(checkout.status).to.equal('confirmed');
    expect(checkout.payment).to.deep.equal({ method: null, status: 'not_collected', due_at: null, on_arrival: null, bank: null, receipt: null, link: null });
    const { ref, booking_token: token } = checkout;
    const nothing = { amount: 0, currency: 'EUR' };

    const preview = await server.request('GET', `/v1/public/bookings/${ref}/refund?token=${token}`, { key });
    expect(preview.body).to.deep.include({ paid: nothing, refund: nothing });
    const cancelled = await server.request('POST', `/v1/public/bookings/${ref}/cancel?token=${token}`, { key });
    expect(cancelled.status, cancelled.text).to.equal(200);
    expect(cancelled.body.cancellation).to.deep.include({ by: 'traveller', refund: nothing });
    const view = schemas.expectAnswer('getBooking', await server.request('GET', `/v1/public/bookings/${ref}?token=${token}`, { key }));
    expect(view.status).to.equal('cancelled');
    expect(view.payment.status).not.to.be.oneOf(['paid', 'refunded']);
    expect(view.cancellation.refund).to.deep.equal(nothing);
    // The cancellation mail promises no refund of money never collected.
    const mail = server.mails.find((m) => m.to === lead.email && /cancel/i.test(m.subject));
    expect(mail, 'the cancellation mail').to.not.equal(undefined);
    expect(mail!.text).not.to.match(/refund(ed)? of 0|0\.00 EUR/i);
  });
});
