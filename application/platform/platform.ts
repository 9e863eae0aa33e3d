import type { CommandHandler } from './command-handler';
import type { BlobStore } from './ports/blob-store';
import type { Clock } from './ports/clock';
import type { DocumentStore } from './ports/document-store';
import type { EventStore } from './ports/event-store';
import type { Fx } from './ports/fx';
import type { Ids } from './ports/ids';
import type { Logger } from './ports/logger';
import type { Mailer } from './ports/mailer';
import type { RateSource } from './ports/rate-source';

/** Settings the use cases read; configuration fills them at start. */
export interface Settings {
  holdMinutes: number;
  multiDayHoldMinutes: number;
  /** How long a request that waits for the seller stays open. */
  pendingHours: number;
  /** How long an emailed sign-in link works (spec 4.6). */
  signInLinkMinutes: number;
  /** How long a traveller session lasts unless revoked. */
  travellerSessionDays: number;
  /**
   * The server secret offer link tokens are minted from (HMAC): links are never stored, yet the
   * service can mint an offer's link again for its mail and the traveller's list of requests.
   */
  offerLinkSecret: string;
  /** The server secret webhook endpoints' signing secrets are sealed under (they must sign, so they cannot be only hashed). */
  webhookSecretKey: string;
  /** Admits http:// and private or loopback webhook addresses (tests, local development). */
  webhookAllowPrivateUrls: boolean;
  /** How long a webhook receiver has to answer (10 s; shorter in tests). */
  webhookTimeoutMs: number;
  /** How long after booking the traveller may fix the lead's email online (spec 4.5: 30 minutes by default); the seller corrects it after. */
  contactEmailChangeMinutes: number;
  /** The server secret contact-change codes are hashed (HMAC) and sealed (AES-GCM) under: the log never holds a code in plain text. */
  contactCodeSecretKey: string;
  /** The server secret a checkout's tokens are sealed under, to be answered again and linked in mails (never stored in plain text). */
  tokenSealingKey: string;
  /** How long after a checkout a repeat under the same Idempotency-Key answers its tokens again (spec part 8: the first result in full). */
  idempotencyWindowHours: number;
  /** How often the scheduled job fetches exchange rates from the rate source. */
  fxRefreshHours: number;
  /** A currency's newest rate older than this is reported stale in /readyz. */
  fxMaxAgeHours: number;
}

/** Read-your-writes: resolves once the projections include this log position (bounded wait). */
export type AwaitProjections = (position: number) => Promise<unknown>;

/** Read-your-writes for a reactor's work: resolves true once `reactor` has handled the event at `position` (false after a bounded wait). */
export type AwaitReactor = (reactor: string, position: number) => Promise<boolean>;

/**
 * Everything a feature may use, built once by the composition root. A use case declares the
 * part it needs (`Pick<Platform, 'commands' | 'clock'>`), never the whole.
 */
export interface Platform {
  commands: CommandHandler;
  /** The log read one stream at a time (what a booking's history shows); writes go through `commands`. */
  events: Pick<EventStore, 'readStream'>;
  docs: DocumentStore;
  /** Files kept beside the events (receipts). */
  blobs: BlobStore;
  clock: Clock;
  fx: Fx;
  /** Where the scheduled job fetches exchange rates. */
  rateSource: RateSource;
  ids: Ids;
  mailer: Mailer;
  log: Logger;
  settings: Settings;
  awaitProjections: AwaitProjections;
  awaitReactor: AwaitReactor;
}
