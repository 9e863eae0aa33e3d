import { expect } from 'chai';
import { OWNER_KEY, READONLY_KEY, SimpleTrip, TestServer, openStart, rawRequest, simpleTrip, startTestServer } from '../harness';
import { PublishedSchemas, publishedSchemas } from '../openapi-answers';

const lead = { name: 'Rita Sousa', email: 'rita.sousa@example.com', phone: '+351 913 000 111' };

/** Files as their first bytes make them, with some body after. */
const FILES = {
  pdf: Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), Buffer.alloc(2000, 0x20)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF'), Buffer.alloc(3000, 7)]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1500, 3)]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0x08, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(1000, 9)]),
};

describe('HTTP: a traveller sends a proof of payment (POST /v1/public/bookings/{ref}/receipt)', () => {
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

  async function book(paymentMethod: string): Promise<{ ref: string; token: string; body: any }> {
    // Atlas Trails takes bank transfers in EUR only.
    const currency = paymentMethod === 'bank_transfer' ? 'EUR' : undefined;
    const hold = await server.request('POST', '/v1/public/holds', {
      body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }], currency },
    });
    expect(hold.status, hold.text).to.equal(201);
    const checkout = await server.request('POST', '/v1/public/checkout', { body: { ref: hold.body.ref, lead, payment_method: paymentMethod } });
    expect(checkout.status, checkout.text).to.equal(200);
    return { ref: checkout.body.ref, token: checkout.body.booking_token, body: checkout.body };
  }

  const send = (ref: string, query: string, body: Buffer, contentType = 'application/octet-stream') =>
    server.request('POST', `/v1/public/bookings/${ref}/receipt?${query}`, { raw: body as unknown as string, headers: { 'Content-Type': contentType } });

  it('takes a PDF sent under another Content-Type: payment proof_submitted, the receipt described in the booking view', async () => {
    const booking = await book('bank_transfer');
    expect(booking.body.status).to.equal('pending');
    expect(booking.body.payment).to.include({ method: 'bank_transfer', status: 'unpaid', receipt: null, link: null });
    // The seller's account to pay into, with the booking's ref to quote on the transfer (never in payment-methods).
    expect(booking.body.payment.bank).to.include({ reference: booking.body.ref });
    expect(booking.body.payment.bank.iban).to.be.a('string').that.is.not.empty;
    // It waits only for its money: the traveller is asked to pay (amount, deadline, account), not told it waits for the seller.
    await server.engine.reactors.catchUp();
    const mails = server.mails.filter((m) => m.booking?.ref === booking.ref);
    expect(mails.map((m) => m.subject)).to.deep.equal([`Booking ${booking.ref}: please pay`]);
    expect(mails[0].text).to.include(booking.body.payment.bank.iban).and.include('please pay');

    const answer = await send(booking.ref, `token=${booking.token}`, FILES.pdf, 'image/png');
    const view = schemas.expectAnswer('submitReceipt', answer);
    expect(view).to.include({ ref: booking.ref, status: 'pending' });
    expect(view.payment.status).to.equal('proof_submitted');
    expect(view.payment.receipt).to.deep.equal({ received_at: new Date().toISOString(), content_type: 'application/pdf', size: FILES.pdf.length });

    const read = await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.token}`);
    expect(read.body.payment).to.deep.include({ status: 'proof_submitted', receipt: view.payment.receipt });
  });

  it('recognises JPEG, PNG and WebP by their bytes, whatever Content-Type they come with; the latest receipt is shown', async () => {
    const booking = await book('payment_link');
    expect(booking.body.payment.link).to.deep.equal({ sent: false, sent_at: null, url: null });
    const kinds: [Buffer, string, string][] = [
      [FILES.jpeg, 'image/jpeg', 'text/plain'],
      [FILES.png, 'image/png', 'application/pdf'],
      [FILES.webp, 'image/webp', 'image/gif'],
    ];
    for (const [file, type, claimed] of kinds) {
      const answer = await send(booking.ref, `token=${booking.token}`, file, claimed);
      expect(answer.status, answer.text).to.equal(200);
      expect(answer.body.payment.receipt).to.include({ content_type: type, size: file.length });
    }
  });

  it('refuses text and GIF with 422 UnsupportedFileType naming what is accepted, and an empty body with 422 InvalidInput', async () => {
    const booking = await book('bank_transfer');
    for (const file of [
      Buffer.from('I paid, honest.'),
      Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ]) {
      const problem = schemas.expectProblem(await send(booking.ref, `token=${booking.token}`, file, 'application/pdf'), 422, 'UnsupportedFileType');
      expect(problem.accepted).to.deep.equal(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);
    }
    schemas.expectProblem(await send(booking.ref, `token=${booking.token}`, Buffer.alloc(0)), 422, 'InvalidInput');
    const read = await server.request('GET', `/v1/public/bookings/${booking.ref}?token=${booking.token}`);
    expect(read.body.payment).to.include({ status: 'unpaid', receipt: null });
  });

  it('answers a file over 10 MB with 413 ContentTooLarge, with a Content-Length or sent in chunks', async () => {
    const booking = await book('bank_transfer');
    const large = Buffer.concat([FILES.pdf, Buffer.alloc(11 * 1024 * 1024)]);
    const sized = schemas.expectProblem(await send(booking.ref, `token=${booking.token}`, large), 413, 'ContentTooLarge');
    expect(sized.max_bytes).to.equal(10 * 1024 * 1024);
    const chunked = await rawRequest(
      server.base,
      'POST',
      `/v1/public/bookings/${booking.ref}/receipt?token=${booking.token}`,
      { 'Tp-Publishable-Key': 'tp_pk_demo_direct', 'Transfer-Encoding': 'chunked', 'Content-Type': 'application/pdf' },
      large,
    );
    expect(chunked.status).to.equal(413);
    expect(JSON.parse(chunked.body.toString()).code).to.equal('ContentTooLarge');
    // Exactly 10 MB is taken.
    const limit = Buffer.concat([FILES.pdf, Buffer.alloc(10 * 1024 * 1024 - FILES.pdf.length)]);
    expect((await send(booking.ref, `token=${booking.token}`, limit)).status).to.equal(200);
  });

  it("opens like a cancellation: the lead's email alone is 401, a wrong token 404 NotFound booking", async () => {
    const booking = await book('bank_transfer');
    schemas.expectProblem(await send(booking.ref, `email=${encodeURIComponent(lead.email)}`, FILES.pdf), 401, 'Unauthenticated');
    const wrong = schemas.expectProblem(await send(booking.ref, 'token=bt_not_the_token', FILES.pdf), 404, 'NotFound');
    expect(wrong.entity).to.equal('booking');
    const missing = schemas.expectProblem(await send('TP-ZZZZ-ZZZZ', 'token=x', FILES.pdf), 404, 'NotFound');
    expect(missing.entity).to.equal('booking');
  });

  it('refuses a booking paid on arrival (409 payment_not_by_transfer) and a cancelled one (409)', async () => {
    const onArrival = await book('pay_on_arrival');
    const refused = schemas.expectProblem(await send(onArrival.ref, `token=${onArrival.token}`, FILES.pdf), 409, 'Conflict');
    expect(refused.reason).to.equal('payment_not_by_transfer');

    const cancelled = await book('bank_transfer');
    const cancel = await server.request('POST', `/v1/public/bookings/${cancelled.ref}/cancel?token=${cancelled.token}`);
    expect(cancel.status, cancel.text).to.equal(200);
    const closed = schemas.expectProblem(await send(cancelled.ref, `token=${cancelled.token}`, FILES.pdf), 409, 'Conflict');
    expect(['booking_not_open', 'payment_not_due']).to.include(closed.reason);
  });

  it('lets the seller list the receipts and download each, the same bytes with their Content-Type', async () => {
    const booking = await book('bank_transfer');
    await send(booking.ref, `token=${booking.token}`, FILES.pdf);
    await send(booking.ref, `token=${booking.token}`, FILES.png);

    const payment = schemas.expectAnswer(
      'sellerGetPayment',
      await server.request('GET', `/v1/bookings/${booking.ref}/payments`, { key: null, secret: OWNER_KEY }),
    );
    expect(payment.payment.receipts.map((r: any) => [r.content_type, r.size])).to.deep.equal([
      ['application/pdf', FILES.pdf.length],
      ['image/png', FILES.png.length],
    ]);
    for (const [receipt, file] of [
      [payment.payment.receipts[0], FILES.pdf],
      [payment.payment.receipts[1], FILES.png],
    ] as const) {
      const download = await rawRequest(server.base, 'GET', `/v1/bookings/${booking.ref}/receipts/${receipt.id}`, { Authorization: `Bearer ${OWNER_KEY}` });
      expect(download.status).to.equal(200);
      expect(download.headers['content-type']).to.equal(receipt.content_type);
      expect(download.headers['content-disposition']).to.match(/^attachment; filename="TP-[A-Z0-9-]+-rcpt_[\w-]+\.(pdf|png)"$/);
      expect(download.headers['x-content-type-options']).to.equal('nosniff');
      expect(Buffer.compare(download.body, file)).to.equal(0);
    }

    const unknown = await server.request('GET', `/v1/bookings/${booking.ref}/receipts/rcpt_unknown`, { key: null, secret: OWNER_KEY });
    expect(schemas.expectProblem(unknown, 404, 'NotFound').entity).to.equal('receipt');
    const forbidden = await server.request('GET', `/v1/bookings/${booking.ref}/receipts/${payment.payment.receipts[0].id}`, {
      key: null,
      secret: READONLY_KEY,
    });
    schemas.expectProblem(forbidden, 403, 'NotPermitted');
  });
});
