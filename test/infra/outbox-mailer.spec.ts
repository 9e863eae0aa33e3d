import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { OutboxMailer } from '../../infra/outbox-mailer';

const mail = { to: 'ana@example.com', subject: 'Booking TP-AAAA-AAAA: confirmed', text: 'See you there.', locale: 'en' };

describe('outbox mailer', () => {
  let folder: string;
  beforeEach(() => {
    folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'outbox');
  });
  afterEach(() => fs.rmSync(path.dirname(folder), { recursive: true, force: true }));

  const files = () => fs.readdirSync(folder);

  it('writes each mail as a JSON file', async () => {
    const outbox = new OutboxMailer(folder);
    await outbox.send(mail);
    await outbox.send(mail);
    expect(files()).to.have.length(2);
    expect(JSON.parse(fs.readFileSync(path.join(folder, files()[0]), 'utf8'))).to.include(mail);
  });

  it('writes a dedupe key once, however often and however concurrently it is sent, from any instance', async () => {
    const key = '0f8a3c2e-5b7d-4e1f-9a6b-2c4d6e8f0a1b';
    await Promise.all([1, 2, 3].map(() => new OutboxMailer(folder).send(mail, { dedupeKey: key })));
    await new OutboxMailer(folder).send({ ...mail, text: 'again' }, { dedupeKey: key });
    await new OutboxMailer(folder).send(mail, { dedupeKey: 'another/key with spaces' });
    expect(files()).to.have.length(2);
    const first = files().find((f) => f.includes(key)) as string;
    expect(JSON.parse(fs.readFileSync(path.join(folder, first), 'utf8')).text).to.equal('See you there.');
  });
});
