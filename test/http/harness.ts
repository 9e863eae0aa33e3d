import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import http, { type Server } from 'node:http';
import { expect } from 'chai';
import sinon from 'sinon';
import { loadConfig, Config } from '../../infra/config';
import { createEngine, Engine } from '../../infra/engine';
import type { Mail, Mailer } from '../../application/platform/ports/mailer';
import type { Logger } from '../../application/platform/ports/logger';
import { jsonLogger } from '../../infra/logger';
import { createServer } from '../../http/kernel/server';
import { sellingPlatform } from '../../application/availability';
import { expireHolds } from '../../application/booking/jobs/expire-holds';

export const DIRECT_KEY = 'tp_pk_demo_direct';
export const MARKET_KEY = 'tp_pk_demo_market';
export const OWNER_KEY = 'tp_sk_demo_owner';
export const READONLY_KEY = 'tp_sk_demo_readonly';
/** Both demo storefronts, named, for specs that ask each the same. */
export const STOREFRONTS = [
  ['direct storefront', DIRECT_KEY],
  ['marketplace', MARKET_KEY],
] as const;

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface LogRecord {
  level: 'info' | 'error';
  message: string;
  fields: Record<string, unknown>;
}

/** A Logger that keeps what it is told, for specs that read the log lines of a request. */
export function recordingLogger(): Logger & { records: LogRecord[] } {
  const records: LogRecord[] = [];
  return {
    records,
    info: (message, fields = {}) => records.push({ level: 'info', message, fields }),
    error: (message, fields = {}) => records.push({ level: 'error', message, fields }),
  };
}

/** The bytes on the wire, without the decompression fetch does, for specs about encodings and Node's own answers. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function rawRequest(base: string, method: string, url: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface TestServer {
  base: string;
  engine: Engine;
  clock: sinon.SinonFakeTimers;
  mails: Mail[];
  /** Runs the hold expiry sweep once, as the scheduled job does; answers how many holds it settled. */
  expireHolds(): Promise<number>;
  request(
    method: string,
    url: string,
    options?: { key?: string | null; secret?: string; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * The real app on an ephemeral port with embedded stores and the demo catalog.
 * Only Date is faked, so the server's own timers run while tests move the clock.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  now = new Date('2026-11-22T08:00:00.000Z'),
  options: { mailer?: Mailer; log?: Logger } = {},
): Promise<TestServer> {
  const clock = sinon.useFakeTimers({ now, toFake: ['Date'] });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trips-test-'));
  const mails: Mail[] = [];
  const config: Config = { ...loadConfig({}), dataDir, port: 0, logRequests: false, ...overrides };
  const engine = await createEngine(config, {
    log: options.log ?? jsonLogger(true),
    mailer: options.mailer ?? {
      send: async (mail) => {
        mails.push(mail);
      },
    },
  });
  const server: Server = await new Promise((resolve) => {
    const s = createServer(engine.app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    engine,
    clock,
    mails,
    expireHolds: () => expireHolds(sellingPlatform(engine.platform)),
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      const key = options.key === undefined ? DIRECT_KEY : options.key;
      if (key) headers['Tp-Publishable-Key'] = key;
      if (options.secret) headers.Authorization = `Bearer ${options.secret}`;
      let body: string | undefined = options.raw;
      if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['Content-Type'] = headers['Content-Type'] ?? 'application/json';
      const response = await fetch(base + url, { method, headers, body });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, headers: response.headers, body: parsed, text };
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await engine.close();
      clock.restore();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SimpleTrip {
  productId: string;
  optionId: string;
  unitId: string;
  capacity: number;
}

/** A trip of the direct storefront whose default option is limited, instant and adults only. */
export async function simpleTrip(server: TestServer): Promise<SimpleTrip> {
  const list = await server.request('GET', '/v1/public/products?limit=100');
  for (const card of list.body.data) {
    const trip = await server.request('GET', `/v1/public/products/${card.id}`);
    const option = trip.body.options.find((o: any) => o.is_default);
    if (
      option &&
      option.capacity_mode === 'limited' &&
      option.confirmation === 'instant' &&
      !option.ask_for_price &&
      option.units.length === 1 &&
      option.units[0].type === 'adult'
    ) {
      const calendar = await server.request('GET', `/v1/public/options/${option.id}/calendar?month=2026-12`);
      const remaining = calendar.body.flatMap((d: any) => d.starts).find((s: any) => s.remaining !== null).remaining;
      return { productId: card.id, optionId: option.id, unitId: option.units[0].id, capacity: remaining };
    }
  }
  throw new Error('the demo catalog has no simple trip');
}

/** The first open start of a month, e.g. 2026-12-10T09:30, from the calendar itself. */
export async function openStart(server: TestServer, optionId: string, month = '2026-12', day = '10', key = DIRECT_KEY): Promise<string> {
  const calendar = await server.request('GET', `/v1/public/options/${optionId}/calendar?month=${month}`, { key });
  const found = calendar.body.find((d: any) => d.date >= `${month}-${day}` && d.status === 'open');
  const start = found.starts.find((s: any) => s.status === 'open');
  return start.time === null ? found.date : `${found.date}T${start.time}`;
}

export async function remainingAt(server: TestServer, optionId: string, start: string): Promise<number | null> {
  const calendar = await server.request('GET', `/v1/public/options/${optionId}/calendar?month=${start.slice(0, 7)}`);
  const day = calendar.body.find((d: any) => d.date === start.slice(0, 10));
  return day.starts.find((s: any) => (s.time === null ? day.date : `${day.date}T${s.time}`) === start).remaining;
}

/** Spec part 7: an error is application/problem+json with type, title, status, code and detail; answers the body. */
export function expectProblem(answer: { status: number; headers: Headers; body: any; text?: string }, status: number, code: string): any {
  expect(answer.status, answer.text).to.equal(status);
  expect(answer.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(answer.body).to.include({ type: 'about:blank', status, code });
  expect(answer.body.title).to.be.a('string');
  expect(answer.body.detail).to.be.a('string');
  return answer.body;
}
