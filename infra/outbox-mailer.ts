import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Mail, Mailer } from '../application/platform/ports/mailer';

/** Embedded mail: each email is a JSON file in an outbox folder. */
export class OutboxMailer implements Mailer {
  constructor(private readonly folder: string) {}

  async send(mail: Mail): Promise<void> {
    await fs.mkdir(this.folder, { recursive: true });
    await fs.writeFile(path.join(this.folder, `${Date.now()}-${randomUUID()}.json`), JSON.stringify({ ...mail, sent_at: new Date().toISOString() }, null, 2));
  }
}
