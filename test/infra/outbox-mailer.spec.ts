import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { simpleParser } from 'mailparser';
import { OutboxMailer } from '../../infra/mail/nodemailer-mailer';

const FROM = 'Trips <bookings@localhost>';
const mail = { to: 'ana@example.com', subject: 'Booking TP-AAAA-AAAA: confirmed', text: 'See you there.', html: '<p>See you there.</p>', locale: 'en' };

describe('outbox mailer', () => {
  let folder: string;
  beforeEach(() => {
    folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'outbox');
  });
  afterEach(() => fs.rmSync(path.dirname(folder), { recursive: true, force: true }));

  const files = () => fs.readdirSync(folder);
  const read = (file: string) => simpleParser(fs.readFileSync(path.join(folder, file)));

  it('writes each mail as an .eml message: from, to, subject, language, a text part and an HTML part', async () => {
    const outbox = new OutboxMailer(folder, FROM);
    await outbox.send(mail);
    await outbox.send({ ...mail, to: 'björn@example.com', subject: '予約 TP-AAAA-AAAA: 確定', html: undefined, locale: 'ja' });
    expect(files()).to.have.length(2);
    expect(files().every((f) => f.endsWith('.eml'))).to.equal(true);
    const parsed = await Promise.all(files().map(read));
    const en = parsed.find((m) => m.subject === mail.subject);
    expect(en?.from?.value).to.deep.equal([{ name: 'Trips', address: 'bookings@localhost' }]);
    expect(en?.to && 'text' in en.to ? en.to.text : null).to.equal('ana@example.com');
    expect(en?.text?.trim()).to.equal('See you there.');
    expect(en?.html).to.include('<p>See you there.</p>');
    expect(en?.headers.get('content-language')).to.equal('en');
    const ja = parsed.find((m) => m.subject === '予約 TP-AAAA-AAAA: 確定');
    expect(ja?.text?.trim()).to.equal('See you there.');
    expect(ja?.html).to.equal(false);
  });

  it('writes a dedupe key once, however often and however concurrently it is sent, from any instance', async () => {
    const key = '0f8a3c2e-5b7d-4e1f-9a6b-2c4d6e8f0a1b';
    await Promise.all([1, 2, 3].map(() => new OutboxMailer(folder, FROM).send(mail, { dedupeKey: key })));
    await new OutboxMailer(folder, FROM).send({ ...mail, text: 'again' }, { dedupeKey: key });
    await new OutboxMailer(folder, FROM).send(mail, { dedupeKey: 'another/key with spaces' });
    expect(files()).to.have.length(2);
    const first = files().find((f) => f.includes(key)) as string;
    expect(first).to.equal(`mail-${key}.eml`);
    expect((await read(first)).text?.trim()).to.equal('See you there.');
  });
});
