import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import type { Mail, Mailer, SendOptions } from '../application/platform/ports/mailer';

const SAFE_NAME = /^[A-Za-z0-9_-]{1,100}$/;

/** Embedded mail: each email is a JSON file in an outbox folder; one file per dedupe key. */
export class OutboxMailer implements Mailer {
  constructor(private readonly folder: string) {}

  async send(mail: Mail, options: SendOptions = {}): Promise<void> {
    await fs.mkdir(this.folder, { recursive: true });
    const content = JSON.stringify({ ...mail, sent_at: new Date().toISOString() }, null, 2);
    if (options.dedupeKey === undefined) {
      await fs.writeFile(path.join(this.folder, `${Date.now()}-${randomUUID()}.json`), content);
      return;
    }
    // Written whole under a temporary name, then linked to the key's name, which fails when that
    // name exists: a mail appears once and complete, however often or concurrently it is sent.
    const target = path.join(this.folder, `mail-${fileNameOf(options.dedupeKey)}.json`);
    const draft = path.join(this.folder, `.draft-${randomUUID()}`);
    await fs.writeFile(draft, content);
    try {
      await fs.link(draft, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await fs.rm(draft, { force: true });
    }
  }
}

function fileNameOf(key: string): string {
  return SAFE_NAME.test(key) ? key : createHash('sha256').update(key).digest('hex');
}
