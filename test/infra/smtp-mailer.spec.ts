import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ConfigError, loadConfig } from '../../infra/config';
import { MemoryDocumentStore } from '../../infra/documents/memory-document-store';
import { OutboxMailer, SmtpMailer, configuredMailer } from '../../infra/mail/nodemailer-mailer';
import { folderSentKeys } from '../../infra/mail/sent-keys';
import { TestServer, openStart, simpleTrip, startTestServer } from '../http/harness';

interface Received {
  from: string | null;
  to: string[];
  message: ParsedMail;
}

/** A real SMTP server on loopback that takes user/secret only and keeps every message it is given. */
async function smtpServer(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) =>
      auth.username === 'user' && auth.password === 'secret' ? callback(null, { user: auth.username }) : callback(new Error('invalid credentials')),
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((message) => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
          received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), message });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://user:secret@127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('SMTP mailer, against a real SMTP server on loopback (issue 8)', function () {
  this.timeout(30_000);
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let keysDir: string;

  beforeEach(async () => {
    smtp = await smtpServer();
    keysDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-sent-'));
  });
  afterEach(async () => {
    await smtp.close();
    fs.rmSync(keysDir, { recursive: true, force: true });
  });

  it('sends a mail once per dedupe key, also from another instance sharing the record of sent keys; mails without a key each time', async () => {
    const mail = { to: 'ana@example.com', subject: 'Hello', text: 'Hi.', html: '<p>Hi.</p>', locale: 'en' };
    const one = new SmtpMailer(smtp.url, 'Trips <bookings@localhost>', folderSentKeys(keysDir));
    const other = new SmtpMailer(smtp.url, 'Trips <bookings@localhost>', folderSentKeys(keysDir));
    await one.send(mail, { dedupeKey: 'event-1' });
    await one.send(mail, { dedupeKey: 'event-1' });
    await other.send(mail, { dedupeKey: 'event-1' });
    await other.send(mail);
    await other.send(mail);
    expect(smtp.received).to.have.length(3);
    expect(smtp.received[0]).to.deep.include({ from: 'bookings@localhost', to: ['ana@example.com'] });
  });

  it('refuses to count a mail the server did not take as sent', async () => {
    const mailer = new SmtpMailer(smtp.url.replace('secret', 'wrong'), 'Trips <bookings@localhost>', folderSentKeys(keysDir));
    let failed = false;
    await mailer.send({ to: 'ana@example.com', subject: 'Hello', text: 'Hi.', locale: 'en' }, { dedupeKey: 'event-2' }).catch(() => (failed = true));
    expect(failed).to.equal(true);
    expect(await folderSentKeys(keysDir).has('event-2')).to.equal(false);
  });

  describe('the service sending a booking mail over SMTP', () => {
    let server: TestServer;
    beforeEach(async () => {
      server = await startTestServer({}, undefined, {
        mailer: new SmtpMailer(smtp.url, 'Atlas Trails <bookings@atlastrails.example>', folderSentKeys(keysDir)),
      });
    });
    afterEach(() => server.close());

    it("arrives with its subject, a text/plain part and a text/html part, both linking to the booking's manage page with its token", async () => {
      const trip = await simpleTrip(server);
      const start = await openStart(server, trip.optionId);
      const hold = await server.request('POST', '/v1/public/holds', { body: { option_id: trip.optionId, start, units: [{ unit_id: trip.unitId, qty: 2 }] } });
      expect(hold.status, hold.text).to.equal(201);
      const lead = { name: 'Ana <Lima>', email: 'ana.lima@example.com', phone: '+351 912 345 678' };
      const booking = await server.request('POST', '/v1/public/checkout', {
        body: { ref: hold.body.ref, lead, locale: 'es', payment_method: 'pay_on_arrival' },
      });
      expect(booking.status, booking.text).to.equal(200);
      expect(await server.engine.reactors.catchUp(20_000)).to.equal(true);

      expect(smtp.received).to.have.length(1);
      const { to, message } = smtp.received[0];
      expect(to).to.deep.equal([lead.email]);
      expect(message.subject).to.equal(`Reserva ${booking.body.ref}: confirmada`);
      expect(message.from?.value).to.deep.equal([{ name: 'Atlas Trails', address: 'bookings@atlastrails.example' }]);
      const link = `https://www.atlastrails.example/manage?ref=${booking.body.ref}&token=${booking.body.booking_token}`;
      expect(message.text).to.include(`Gestione su reserva: ${link}`);
      expect(message.html).to.be.a('string');
      expect(message.html).to.include(`<a href="${link.replace('&', '&amp;')}">Gestione su reserva</a>`);
      expect((message.headers.get('content-type') as { value: string }).value).to.equal('multipart/alternative');
    });
  });

  describe('configuration', () => {
    it('sends over SMTP when SMTP_URL is set (smtp:// or smtps://), else writes the outbox; MAIL_FROM names the sender', () => {
      const docs = new MemoryDocumentStore();
      expect(configuredMailer(loadConfig({ DATA_DIR: keysDir }), docs)).to.be.instanceOf(OutboxMailer);
      expect(configuredMailer(loadConfig({ DATA_DIR: keysDir, SMTP_URL: smtp.url }), docs)).to.be.instanceOf(SmtpMailer);
      expect(loadConfig({}).mailFrom).to.equal('Trips <bookings@localhost>');
      expect(loadConfig({ MAIL_FROM: 'Atlas <hi@atlas.example>' }).mailFrom).to.equal('Atlas <hi@atlas.example>');
      expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).to.throw(ConfigError, 'SMTP_URL must start with smtp:// or smtps://');
      expect(loadConfig({}).idempotencyWindowHours).to.equal(24);
      expect(() => loadConfig({ TOKEN_SEALING_KEY: 'short' })).to.throw(ConfigError, 'TOKEN_SEALING_KEY must be at least 32 characters');
    });
  });
});
