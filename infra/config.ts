import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

export interface Config {
  /** The address the server listens on: 0.0.0.0 (every IPv4 interface) unless set. */
  host: string;
  port: number;
  dataDir: string;
  eventStoreUrl: string | null;
  mongodbUrl: string | null;
  mongodbPoolSize: number;
  holdMinutes: number;
  multiDayHoldMinutes: number;
  pendingHours: number;
  /** How long an emailed sign-in link works. */
  signInLinkMinutes: number;
  /** How long a traveller session lasts unless revoked. */
  travellerSessionDays: number;
  /** Secret offer links are minted from; unset: one kept in DATA_DIR (embedded) or drawn per process (with a warning). */
  offerLinkSecret: string | null;
  /** Secret webhook signing secrets are sealed under; unset: kept like offerLinkSecret's. */
  webhookSecretKey: string | null;
  /** Admits http:// and private or loopback webhook addresses (tests and local development only). */
  webhookAllowPrivateUrls: boolean;
  webhookTimeoutMs: number;
  /** How long after booking the traveller may fix the lead's email online. */
  contactEmailChangeMinutes: number;
  /** Secret contact-change codes are hashed and sealed under; unset: kept like offerLinkSecret's. */
  contactCodeSecretKey: string | null;
  /** Secret a checkout's tokens are sealed under (to answer a repeat and link mails); unset: kept like offerLinkSecret's. */
  tokenSealingKey: string | null;
  /** How long a repeat under the same Idempotency-Key answers a checkout's tokens again. */
  idempotencyWindowHours: number;
  /** The public daily reference feed rates are fetched from (the ECB's daily XML); unset: DATA_DIR/fx-rates.json, else the demo table. */
  fxSourceUrl: string | null;
  /** How often the scheduled job fetches new rates. */
  fxRefreshHours: number;
  /** A currency's newest rate older than this is reported in /readyz. */
  fxMaxAgeHours: number;
  /** Send mail over SMTP (smtp:// or smtps://); unset: each mail is an .eml file in DATA_DIR/outbox. */
  smtpUrl: string | null;
  /** The From of every mail. */
  mailFrom: string;
  websiteKeyLimitPerMinute: number;
  /** Calls per minute one client address may make with one website key (an abuse limit below the key's). */
  addressLimitPerMinute: number;
  secretKeyLimitPerMinute: number;
  seedDemo: boolean;
  /** Off: GET /v1/public/search answers 503 SearchUnavailable and the trip list's q matches title and summary words only. */
  searchEnabled: boolean;
  logRequests: boolean;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, errors: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    errors.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string, schemes: string[], errors: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (!schemes.some((s) => raw.startsWith(`${s}://`))) errors.push(`${name} must start with ${schemes.map((s) => `${s}://`).join(' or ')}`);
  return raw;
}

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

function host(env: NodeJS.ProcessEnv, name: string, fallback: string, errors: string[]): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (isIP(raw) === 0 && !HOST_NAME.test(raw)) errors.push(`${name} must be an IP address or a host name, e.g. 0.0.0.0, :: or localhost (got "${raw}")`);
  return raw;
}

/** A secret of at least 32 characters, or null when unset. */
function secret(env: NodeJS.ProcessEnv, name: string, errors: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (raw.length < 32) errors.push(`${name} must be at least 32 characters (e.g. openssl rand -base64 32)`);
  return raw;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean, errors: string[]): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  errors.push(`${name} must be true or false (got "${raw}")`);
  return fallback;
}

/** Reads and checks the environment once, at start; every problem is named in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const errors: string[] = [];
  const config: Config = {
    host: host(env, 'HOST', '0.0.0.0', errors),
    port: integer(env, 'PORT', 8080, 0, 65535, errors),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    eventStoreUrl: url(env, 'EVENTSTORE_URL', ['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kdb', 'kdb+discover'], errors),
    mongodbUrl: url(env, 'MONGODB_URL', ['mongodb', 'mongodb+srv'], errors),
    mongodbPoolSize: integer(env, 'MONGODB_POOL_SIZE', 20, 1, 1000, errors),
    holdMinutes: integer(env, 'HOLD_MINUTES', 15, 1, 1440, errors),
    multiDayHoldMinutes: integer(env, 'MULTI_DAY_HOLD_MINUTES', 30, 1, 1440, errors),
    pendingHours: integer(env, 'PENDING_HOURS', 48, 1, 720, errors),
    signInLinkMinutes: integer(env, 'SIGN_IN_LINK_MINUTES', 15, 1, 1440, errors),
    travellerSessionDays: integer(env, 'TRAVELLER_SESSION_DAYS', 30, 1, 365, errors),
    offerLinkSecret: secret(env, 'OFFER_LINK_SECRET', errors),
    webhookSecretKey: secret(env, 'WEBHOOK_SECRET_KEY', errors),
    webhookAllowPrivateUrls: flag(env, 'WEBHOOK_ALLOW_PRIVATE_URLS', false, errors),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 10_000, errors),
    contactEmailChangeMinutes: integer(env, 'CONTACT_EMAIL_CHANGE_MINUTES', 30, 0, 10_080, errors),
    contactCodeSecretKey: secret(env, 'CONTACT_CODE_SECRET_KEY', errors),
    tokenSealingKey: secret(env, 'TOKEN_SEALING_KEY', errors),
    idempotencyWindowHours: integer(env, 'IDEMPOTENCY_WINDOW_HOURS', 24, 1, 720, errors),
    fxSourceUrl: url(env, 'FX_SOURCE_URL', ['https', 'http'], errors),
    fxRefreshHours: integer(env, 'FX_REFRESH_HOURS', 24, 1, 720, errors),
    fxMaxAgeHours: integer(env, 'FX_MAX_AGE_HOURS', 48, 1, 8760, errors),
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps'], errors),
    mailFrom: env.MAIL_FROM || 'Trips <bookings@localhost>',
    websiteKeyLimitPerMinute: integer(env, 'WEBSITE_KEY_RATE_LIMIT', 600, 1, 1_000_000, errors),
    addressLimitPerMinute: integer(env, 'CLIENT_ADDRESS_RATE_LIMIT', 300, 1, 1_000_000, errors),
    secretKeyLimitPerMinute: integer(env, 'SECRET_KEY_RATE_LIMIT', 120, 1, 1_000_000, errors),
    seedDemo: flag(env, 'SEED_DEMO', true, errors),
    searchEnabled: flag(env, 'SEARCH_ENABLED', true, errors),
    logRequests: flag(env, 'LOG_REQUESTS', true, errors),
  };
  if (errors.length > 0) throw new ConfigError(`invalid configuration:\n  ${errors.join('\n  ')}`);
  return config;
}

const DATA_DIR_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EEXIST: 'it is not a directory',
  ENOTDIR: 'it is not a directory',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
};

/**
 * Why the process cannot keep its files (event log, outbox, checkpoints) in `dir`, or null when
 * it can: the folder is made when missing, then a file is written, read back and removed in it.
 */
export function dataDirProblem(dir: string): string | null {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(probe, 'ok');
    fs.readFileSync(probe);
    fs.rmSync(probe);
    fs.readdirSync(dir);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    return `DATA_DIR ${dir} cannot be used: ${DATA_DIR_REASONS[code] ?? (error instanceof Error ? error.message : String(error))}`;
  }
}
