/**
 * Throughput benchmark: the embedded engine against a bare Koa server that answers the
 * same products JSON, so the ratio shows what the engine's own work costs per request.
 *
 *   npm run bench                      (10 s per run, 50 connections)
 *   BENCH_SECONDS=3 BENCH_CONNECTIONS=20 node dist/bench/run.js
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import autocannon, { type CannonOptions, type CannonResult } from 'autocannon';
import { loadConfig } from '../infra/config';
import { createEngine } from '../infra/engine';

const WEBSITE_KEY = 'tp_pk_demo_direct';
const PRODUCTS_PATH = '/v1/public/products?limit=20'; // limit 20 is also the default: the first page
const WARMUP_SECONDS = 2;
const GOAL = 0.6;

function positiveEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got '${raw}'`);
  return value;
}

const SECONDS = positiveEnv('BENCH_SECONDS', 10);
const CONNECTIONS = Math.round(positiveEnv('BENCH_CONNECTIONS', 50));

function listen(app: Koa): Promise<{ server: Server; base: string }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1');
    server.once('error', reject);
    server.once('listening', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections(); // keep-alive sockets would otherwise hold close() open
  });
}

/** Fetches one engine URL and insists on 200: setup problems must not turn into a benchmark of error pages. */
async function engineGet(base: string, pathAndQuery: string): Promise<{ text: string; json: any }> {
  const res = await fetch(base + pathAndQuery, { headers: { 'Tp-Publishable-Key': WEBSITE_KEY } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${pathAndQuery} answered ${res.status}: ${text}`);
  return { text, json: JSON.parse(text) };
}

/** Finds an instantly confirmed, limited, priced trip with an adult unit and an open start >= 3 days ahead. */
async function discoverQuote(base: string, products: any): Promise<{ optionId: string; body: string }> {
  const earliest = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  for (const card of products.data as any[]) {
    const { json: trip } = await engineGet(base, `/v1/public/products/${encodeURIComponent(card.id)}`);
    const option = (trip.options as any[]).find((o) => o.is_default);
    if (!option || option.capacity_mode !== 'limited' || option.confirmation !== 'instant' || option.ask_for_price !== false) continue;
    const adult = (option.units as any[]).find((u) => u.type === 'adult');
    if (!adult) continue;
    // This month first; near its end the 3-day margin can push the start into next month.
    const calendarPath = `/v1/public/options/${encodeURIComponent(option.id)}/calendar`;
    const { json: thisMonth } = await engineGet(base, calendarPath);
    const next = new Date(`${(thisMonth as any[])[0].date.slice(0, 7)}-01T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const { json: nextMonth } = await engineGet(base, `${calendarPath}?month=${next.toISOString().slice(0, 7)}`);
    for (const day of [...thisMonth, ...nextMonth] as any[]) {
      if (day.date < earliest) continue;
      const open = (day.starts as any[]).find((s) => s.status === 'open');
      if (!open) continue;
      const start = open.time === null ? day.date : `${day.date}T${open.time}`;
      return { optionId: option.id, body: JSON.stringify({ option_id: option.id, start, units: [{ unit_id: adult.id, qty: 2 }] }) };
    }
  }
  throw new Error('no product on the first page has a limited, instant, priced default option with an adult unit and an open start');
}

type Target = Omit<CannonOptions, 'duration' | 'connections'>;

function cannon(target: Target, seconds: number): Promise<CannonResult> {
  return autocannon({ ...target, connections: CONNECTIONS, duration: seconds });
}

async function main(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  // Huge website-key and per-address limits: the benchmark measures the engine, not its 429s.
  const config = { ...loadConfig({}), dataDir, port: 0, logRequests: false, websiteKeyLimitPerMinute: 100_000_000, addressLimitPerMinute: 100_000_000 };
  const engine = await createEngine(config);
  const servers: Server[] = [];
  try {
    const engineSide = await listen(engine.app);
    servers.push(engineSide.server);

    const products = await engineGet(engineSide.base, PRODUCTS_PATH);
    const quote = await discoverQuote(engineSide.base, products.json);
    const check = await fetch(`${engineSide.base}/v1/public/quotes`, {
      method: 'POST',
      headers: { 'Tp-Publishable-Key': WEBSITE_KEY, 'Content-Type': 'application/json' },
      body: quote.body,
    });
    if (check.status !== 200) throw new Error(`the quote ${quote.body} answered ${check.status}: ${await check.text()}`);
    console.log(`quote body: ${quote.body}`);

    // The floor of what Koa on this machine can do with the same bytes on the wire.
    const bareApp = new Koa();
    // Bytes, as the engine keeps its cached answers: the baseline does the least work possible.
    const bareJson = Buffer.from(products.text);
    bareApp.use((ctx) => {
      ctx.type = 'application/json';
      ctx.body = bareJson;
    });
    const bareSide = await listen(bareApp);
    servers.push(bareSide.server);

    const keyHeader = { 'Tp-Publishable-Key': WEBSITE_KEY };
    const runs: { name: string; opts: Target }[] = [
      { name: 'bare koa GET /', opts: { url: `${bareSide.base}/` } },
      { name: 'GET products', opts: { url: engineSide.base + PRODUCTS_PATH, headers: keyHeader } },
      {
        name: 'GET calendar',
        opts: { url: `${engineSide.base}/v1/public/options/${encodeURIComponent(quote.optionId)}/calendar`, headers: keyHeader },
      },
      {
        name: 'POST quotes',
        opts: {
          url: `${engineSide.base}/v1/public/quotes`,
          method: 'POST',
          headers: { ...keyHeader, 'Content-Type': 'application/json' },
          body: quote.body,
        },
      },
    ];

    console.log(`${SECONDS} s per run after a ${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections, one run at a time`);
    const results: { name: string; result: CannonResult }[] = [];
    // One after another: parallel runs would compete for the same CPU and skew each other.
    for (const run of runs) {
      await cannon(run.opts, WARMUP_SECONDS); // JIT, caches and connection pools settle first
      const result = await cannon(run.opts, SECONDS);
      results.push({ name: run.name, result });
      console.log(`  ${run.name}: ${result.requests.average.toFixed(0)} req/s`);
    }

    const bare = results[0].result.requests.average;
    const header = ['name', 'req/s', 'p99 ms', 'non-2xx', 'errors', 'x bare'];
    const rows = results.map(({ name, result }) => [
      name,
      result.requests.average.toFixed(0),
      String(result.latency.p99),
      String(result.non2xx),
      String(result.errors),
      (result.requests.average / bare).toFixed(2),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log();
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    console.log();
    console.log(`products/bare ratio: ${(results[1].result.requests.average / bare).toFixed(2)} (goal >= ${GOAL.toFixed(2)})`);

    // Failed answers are usually much cheaper than real ones, so any of them voids the figures.
    const failed = results.filter(({ result }) => result.non2xx > 0 || result.errors > 0);
    for (const { name, result } of failed) {
      console.error(
        `FAILED: ${name} had ${result.non2xx} non-2xx answers and ${result.errors} errors (status codes ${JSON.stringify(result.statusCodeStats)}): the figures above are meaningless`,
      );
    }
    return failed.length > 0 ? 1 : 0;
  } finally {
    for (const server of servers) await close(server);
    await engine.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  // Exit explicitly: the figures are printed and nothing else should keep the process alive.
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
