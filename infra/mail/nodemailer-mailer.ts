import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { DocumentStore } from '../../application/platform/ports/document-store';
import type { Mail, Mailer, SendOptions } from '../../application/platform/ports/mailer';
import type { Config } from '../config';
import { type SentMailKeys, documentSentKeys, fileNameOf, folderSentKeys } from './sent-keys';

/** The message as nodemailer builds it: a text/plain part, and a text/html alternative when the mail has one. */
function message(from: string, mail: Mail): SendMailOptions {
  const language = mail.locale ? { 'Content-Language': mail.locale } : undefined;
  return { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: language };
}

/**
 * Embedded mail: each message is an RFC 5322 `.eml` file in an outbox folder, as nodemailer
 * would hand it to a server; one file per dedupe key.
 */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly folder: string,
    private readonly from: string,
  ) {}

  async send(mail: Mail, options: SendOptions = {}): Promise<void> {
    const built = await this.transport.sendMail(message(this.from, mail));
    const content = built.message as Buffer;
    await fs.mkdir(this.folder, { recursive: true });
    if (options.dedupeKey === undefined) {
      await fs.writeFile(path.join(this.folder, `${Date.now()}-${randomUUID()}.eml`), content);
      return;
    }
    // Written whole under a temporary name, then linked to the key's name, which fails when that
    // name exists: a mail appears once and complete, however often or concurrently it is sent.
    const target = path.join(this.folder, `mail-${fileNameOf(options.dedupeKey)}.eml`);
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

/**
 * Mail over SMTP (SMTP_URL). A dedupe key already recorded as sent is not sent again; the key is
 * recorded after the server took the message, so a crash between the two sends that mail once
 * more when the reactor runs the event again: at least once, never lost.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    private readonly sent: SentMailKeys,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail, options: SendOptions = {}): Promise<void> {
    const key = options.dedupeKey;
    if (key !== undefined && (await this.sent.has(key))) return;
    await this.transport.sendMail(message(this.from, mail));
    if (key !== undefined) await this.sent.record(key);
  }
}

/**
 * The mailer configuration names: SMTP when SMTP_URL is set (sent keys shared in MongoDB when
 * the read models are there, else kept in DATA_DIR), else the .eml outbox in DATA_DIR.
 */
export function configuredMailer(config: Config, docs: DocumentStore): Mailer {
  if (!config.smtpUrl) return new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom);
  const sent = config.mongodbUrl ? documentSentKeys(docs) : folderSentKeys(path.join(config.dataDir, 'mail-sent'));
  return new SmtpMailer(config.smtpUrl, config.mailFrom, sent);
}
