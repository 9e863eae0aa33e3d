import { CommandHandler } from '../../application/platform/command-handler';
import type { Platform } from '../../application/platform/platform';
import type { Clock } from '../../application/platform/ports/clock';
import type { DocumentStore } from '../../application/platform/ports/document-store';
import type { EventStore } from '../../application/platform/ports/event-store';
import type { Ids } from '../../application/platform/ports/ids';
import type { Mail, Mailer, SendOptions } from '../../application/platform/ports/mailer';
import { MemoryBlobStore } from '../../infra/blobs/memory-blob-store';
import { fixedRates } from '../../infra/fx';

export interface SentMail {
  mail: Mail;
  dedupeKey: string | undefined;
}

/** A mailer that keeps what it is asked to send, dedupe keys included. */
export function recordingMailer(): Mailer & { sent: SentMail[] } {
  const sent: SentMail[] = [];
  return {
    sent,
    async send(mail: Mail, options: SendOptions = {}) {
      sent.push({ mail, dedupeKey: options.dedupeKey });
    },
  };
}

/** Ids a test can predict: refs TP-TEST-0001, 0002...; tokens bt_test_1...; uuids counted too. */
export function countingIds(): Ids {
  let n = 0;
  const next = () => String(++n).padStart(4, '0');
  return {
    bookingRef: () => `TP-TEST-${next()}`,
    token: (prefix = '') => `${prefix}test_${next()}`,
    uuid: () => `00000000-0000-4000-8000-00000000${next()}`,
  };
}

/** A platform on the given stores, quiet, with a recording mailer unless told otherwise. */
export function testPlatform(events: EventStore, docs: DocumentStore, overrides: Partial<Platform> & { clock?: Clock } = {}): Platform {
  return {
    commands: new CommandHandler(events),
    events,
    docs,
    blobs: new MemoryBlobStore(),
    clock: { now: () => new Date() },
    fx: fixedRates,
    // Nothing to fetch: specs of the rates feature give their own source.
    rateSource: { name: 'none', fetch: async () => ({ rates: [] }) },
    ids: countingIds(),
    mailer: recordingMailer(),
    log: { info: () => undefined, error: () => undefined },
    settings: {
      holdMinutes: 15,
      multiDayHoldMinutes: 30,
      pendingHours: 48,
      signInLinkMinutes: 15,
      travellerSessionDays: 30,
      offerLinkSecret: 'test offer link secret',
      webhookSecretKey: 'test webhook secret key',
      webhookAllowPrivateUrls: true,
      webhookTimeoutMs: 10_000,
      contactEmailChangeMinutes: 30,
      contactCodeSecretKey: 'test contact code secret key',
      tokenSealingKey: 'test token sealing key',
      idempotencyWindowHours: 24,
      fxRefreshHours: 24,
      fxMaxAgeHours: 48,
    },
    awaitProjections: async () => true,
    awaitReactor: async () => true,
    ...overrides,
  };
}
