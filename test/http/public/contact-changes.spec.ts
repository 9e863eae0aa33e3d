import { expect } from 'chai';
import type { Mail } from '../../../application/platform/ports/mailer';
import { type PublishedSchemas, publishedSchemas } from '../openapi-answers';
import { SimpleTrip, TestServer, expectProblem, openStart, simpleTrip, startTestServer } from '../harness';

const lead = { name: 'Ana Lima', email: 'Ana.Lima@example.com', phone: '+351 912 345 678' };

interface Booked {
  ref: string;
  booking_token: string;
  contact_token: string;
}

describe('HTTP: fixing the lead contact with the contact token (spec 4.5, 6.1, part 8)', () => {
  let server: TestServer;
  let schemas: PublishedSchemas;
  let trip: SimpleTrip;
  let start: string;

  before(async () => {
    server = await startTestServer();
    schemas = await publishedSchemas(server);
    trip = await simpleTrip(server);
    start = await openStart(server, trip.optionId);
  });
  after(() => server.close());

  /** A booking of one place on the direct storefront, paid on arrival when the site lists ways to pay. */
  async function book(email = lead.email, locale?: string): Promise<Booked> {
    const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 1 }] } });
    expect(hold.status, hold.text).to.equal(201);
    const body = { ref: hold.body.ref, lead: { ...lead, email }, ...(locale ? { locale } : {}) };
    let checkout = await server.request('POST', '/v1/public/checkout', { body });
    if (checkout.status === 422 && checkout.body.code === 'PaymentMethodRequired') {
      const offered: string[] = checkout.body.offered;
      const method = offered.includes('pay_on_arrival') ? 'pay_on_arrival' : offered[0];
      checkout = await server.request('POST', '/v1/public/checkout', { body: { ...body, payment_method: method } });
    }
    expect(checkout.status, checkout.text).to.equal(200);
    return checkout.body;
  }

  const ask = (b: Booked, body: Record<string, unknown>, token: string | null = b.contact_token) =>
    server.request('POST', `/v1/public/bookings/${b.ref}/contact-changes${token === null ? '' : `?token=${token}`}`, { body });
  const confirm = (b: Booked, id: string, code: string, token: string | null = b.contact_token) =>
    server.request('POST', `/v1/public/bookings/${b.ref}/contact-changes/${id}/confirm${token === null ? '' : `?token=${token}`}`, { body: { code } });

  /** The code of the newest code mail to `to`, once the reactors have sent it. */
  async function codeMailTo(to: string): Promise<{ mail: Mail; code: string }> {
    await server.engine.reactors.catchUp();
    const mail = [...server.mails].reverse().find((m) => m.to === to && /Your code is \d{6}/.test(m.text));
    if (!mail) throw new Error(`no code mail to ${to}`);
    return { mail, code: /Your code is (\d{6})/.exec(mail.text)![1] };
  }
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('changes the phone: the code goes to the booking email (no manage link), a wrong code counts, the right one applies it once', async () => {
    const b = await book();
    const asked = schemas.expectAnswer('requestContactChange', await ask(b, { phone: '+34 600 111 222' }));
    expect(asked).to.include({ field: 'phone', sent_to: 'A***@e***.com' });
    expect(Date.parse(asked.expires_at) - Date.now()).to.equal(15 * 60_000);

    const { mail, code } = await codeMailTo(lead.email);
    expect(mail.booking, 'a code mail carries no manage link').to.equal(undefined);
    expect(mail.text).to.include(b.ref).and.to.include('+34 600 111 222');
    const [requested] = await server.engine.events.readStream(`contact-${b.ref}`);
    expect(JSON.stringify(requested.data)).not.to.include(code);

    const wrong = schemas.expectProblem(await confirm(b, asked.id, otherCode(code)), 422, 'ContactCodeWrong');
    expect(wrong.attempts_left).to.equal(4);
    const applied = schemas.expectAnswer('confirmContactChange', await confirm(b, asked.id, code));
    expect(applied).to.deep.equal({ id: asked.id, field: 'phone', status: 'applied' });
    const again = schemas.expectAnswer('confirmContactChange', await confirm(b, asked.id, code));
    expect(again).to.deep.equal(applied);
    const types = (await server.engine.events.readStream(`contact-${b.ref}`)).map((e) => e.type);
    expect(types).to.deep.equal(['ContactChangeRequested', 'ContactChangeCodeRefused', 'ContactChanged']);
  });

  it('changes the email with the token in the body: the code goes to the new address, then the new email opens the booking and the old one 404s', async () => {
    const b = await book();
    const asked = await server.request('POST', `/v1/public/bookings/${b.ref}/contact-changes`, {
      body: { email: 'ana.new@example.org', token: b.contact_token },
    });
    expect(schemas.expectAnswer('requestContactChange', asked)).to.include({ field: 'email', sent_to: 'a***@e***.org' });
    const { code } = await codeMailTo('ana.new@example.org');
    const confirmed = await server.request('POST', `/v1/public/bookings/${b.ref}/contact-changes/${asked.body.id}/confirm`, {
      body: { code, token: b.contact_token },
    });
    expect(schemas.expectAnswer('confirmContactChange', confirmed)).to.deep.equal({ id: asked.body.id, field: 'email', status: 'applied' });

    const byNew = await server.request('GET', `/v1/public/bookings/${b.ref}?email=${encodeURIComponent('Ana.New@example.org')}`);
    expect(byNew.status, byNew.text).to.equal(200);
    expectProblem(await server.request('GET', `/v1/public/bookings/${b.ref}?email=${encodeURIComponent(lead.email)}`), 404, 'NotFound');

    // The booking's mails follow the change.
    const cancelled = await server.request('POST', `/v1/public/bookings/${b.ref}/cancel?token=${b.booking_token}`);
    expect(cancelled.status, cancelled.text).to.equal(200);
    await server.engine.reactors.catchUp();
    const about = server.mails.filter((m) => m.subject.includes(b.ref) && !/Your code is/.test(m.text));
    expect(about.map((m) => m.to)).to.include('ana.new@example.org');
    expect(about.filter((m) => m.to === lead.email).length, 'only the booking mail before the change').to.be.at.most(1);
  });

  it("mails the code in the booking's language", async () => {
    const b = await book('lucia@example.es', 'es');
    schemas.expectAnswer('requestContactChange', await ask(b, { phone: '+34 600 111 222' }));
    await server.engine.reactors.catchUp();
    const mail = server.mails.find((m) => m.to === 'lucia@example.es' && /Su código es \d{6}/.test(m.text));
    expect(mail, 'a Spanish code mail').to.not.equal(undefined);
    expect(mail!.locale).to.equal('es');
  });

  it('answers a missing or wrong token (the booking token too) exactly like a missing booking', async () => {
    const b = await book();
    expect(expectProblem(await ask(b, { phone: '+34 600 111 222' }, null), 404, 'NotFound').entity).to.equal('booking');
    expectProblem(await ask(b, { phone: '+34 600 111 222' }, b.booking_token), 404, 'NotFound');
    expectProblem(await ask(b, { phone: '+34 600 111 222', token: 'ct_wrong' }), 404, 'NotFound');
    expectProblem(await ask({ ...b, ref: 'TP-ZZZZ-ZZZZ' }, { phone: '+34 600 111 222' }), 404, 'NotFound');
    const asked = await ask(b, { phone: '+34 600 111 222' });
    expectProblem(await confirm(b, asked.body.id, '000000', b.booking_token), 404, 'NotFound');
    expect(expectProblem(await confirm(b, '5b0c1bde-0000-4000-8000-000000000000', '000000'), 404, 'NotFound').entity).to.equal('contact_change');
  });

  it('takes exactly one of email or phone, each checked as at checkout', async () => {
    const b = await book();
    expectProblem(await ask(b, {}), 422, 'InvalidInput');
    expectProblem(await ask(b, { email: 'a@example.com', phone: '+34 600 111 222' }), 422, 'InvalidInput');
    expectProblem(await ask(b, { phone: '600 111 222' }), 422, 'InvalidInput');
    expectProblem(await ask(b, { email: 'not an email' }), 422, 'InvalidInput');
  });

  it('fixes the email only for 30 minutes after booking; the phone after that too', async () => {
    const b = await book();
    server.clock.tick(30 * 60_000);
    const closed = schemas.expectProblem(await ask(b, { email: 'late@example.org' }), 422, 'ContactEmailFixClosed');
    expect(closed.closed_at).to.be.a('string');
    schemas.expectAnswer('requestContactChange', await ask(b, { phone: '+34 600 111 222' }));
  });

  it('lets a code run out after 15 minutes, and locks a change after 5 wrong codes', async () => {
    const b = await book();
    const late = await ask(b, { phone: '+34 600 111 222' });
    const { code: lateCode } = await codeMailTo(lead.email);
    server.clock.tick(15 * 60_000);
    schemas.expectProblem(await confirm(b, late.body.id, lateCode), 422, 'ContactCodeExpired');

    const guessed = await ask(b, { phone: '+34 600 111 333' });
    const { code } = await codeMailTo(lead.email);
    const lefts: number[] = [];
    for (let i = 0; i < 5; i++) lefts.push(schemas.expectProblem(await confirm(b, guessed.body.id, otherCode(code)), 422, 'ContactCodeWrong').attempts_left);
    expect(lefts).to.deep.equal([4, 3, 2, 1, 0]);
    schemas.expectProblem(await confirm(b, guessed.body.id, code), 422, 'ContactChangeLocked');
  });

  it('takes 5 change requests an hour per booking: the sixth is 429 RateLimited with Retry-After', async () => {
    const b = await book();
    for (let i = 0; i < 5; i++) schemas.expectAnswer('requestContactChange', await ask(b, { phone: `+34 600 111 22${i}` }));
    const limited = await ask(b, { phone: '+34 600 111 229' });
    const problem = schemas.expectProblem(limited, 429, 'RateLimited');
    expect(limited.headers.get('retry-after')).to.equal(String(problem.retry_after_seconds));
  });

  it('refuses a change to a cancelled booking (409 booking_not_open)', async () => {
    const b = await book();
    await server.request('POST', `/v1/public/bookings/${b.ref}/cancel?token=${b.booking_token}`);
    const refused = schemas.expectProblem(await ask(b, { phone: '+34 600 111 222' }), 409, 'Conflict');
    expect(refused).to.include({ reason: 'booking_not_open' });
  });
});
