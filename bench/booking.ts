/**
 * Booking benchmarks (issue 8), run by run.ts beside the bare Koa server:
 *
 * - holds on uncontended starts: every request holds one place at another start of another trip
 *   of the generated marketplace, so no two requests wait for the same departure stream;
 * - checkouts: holds made beforehand, each checked out once (the checkouts are what is measured);
 * - holds on ONE contended start of the demo catalog (its capacity raised through the seller
 *   interface so it never sells out), measured as that start's departure stream grows to about
 *   100, 1,000 and 10,000 events: a stream read whole on every command would slow down with it.
 *   Each run's holds are released after it, so every length is measured over the same live holds.
 *   The stream is grown as a busy start's grows: by holds that ran out and were released (the
 *   expiry job's work), placed through the departure's own commands to save minutes of HTTP.
 *
 *   BENCH_CHECKOUTS (3,000): checkouts measured; BENCH_CONTENDED (1,500): holds measured per stream length;
 *   BENCH_STREAM_LENGTHS (100,1000,10000): the stream lengths.
 */
import autocannon, { type CannonOptions, type CannonResult } from 'autocannon';
import { DateTime } from 'luxon';
import { checkStart, startsOn } from '../domain/calendar/schedule';
import { departureDecider, departureStream } from '../domain/departure';
import type { OptionDefinition } from '../domain/catalog/definitions';
import { isRefusal } from '../domain/shared/refusal';
import type { Engine } from '../infra/engine';
import { GENERATED_KEY, type GeneratedCatalog } from '../infra/seed/generated-catalog';
import { profiled } from './profile';
import { positiveEnv } from './settings';

const DIRECT_KEY = 'tp_pk_demo_direct';
const OWNER_SECRET = 'tp_sk_demo_owner';
const CONTENDED_CAPACITY = 100_000; // the most a seller may set
/** Lengths of the contended start's stream to measure at (BENCH_STREAM_LENGTHS, comma-separated). */
const STREAM_LENGTHS = (process.env.BENCH_STREAM_LENGTHS ?? '100,1000,10000').split(',').map(Number);
/** Goals of issue 8 for holds on uncontended starts. */
export const HOLD_GOAL = 0.2;
export const HOLD_P99_MS = 50;

const CHECKOUTS = Math.round(positiveEnv('BENCH_CHECKOUTS', 3000));
const CONTENDED = Math.round(positiveEnv('BENCH_CONTENDED', 1500));
/** Days ahead the uncontended starts are taken from: past every cutoff, within every calendar. */
const FIRST_DAY = 5;
const LAST_DAY = 60;

interface Selection {
  option_id: string;
  start: string;
  units: { unit_id: string; qty: number }[];
}

export interface BookingRun {
  name: string;
  result: CannonResult;
}

export interface BookingBench {
  runs: BookingRun[];
  /** Lines for the closing summary, given each run's ratio to the bare server. */
  summary(ratio: (name: string) => number): string[];
}

export interface BookingBenchSetup {
  engine: Engine;
  base: string;
  catalog: GeneratedCatalog;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  log: (line: string) => void;
}

async function send(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { 'Tp-Publishable-Key': GENERATED_KEY, ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
}

/** One adult (or the option's first unit), as many as the option needs at least. */
function unitsOf(option: OptionDefinition): Selection['units'] {
  const unit = option.units.find((u) => u.type === 'adult') ?? option.units[0];
  return [{ unit_id: unit.id, qty: Math.max(1, option.min_units ?? 1) }];
}

/** Open starts of every holdable default option of the generated catalog, over the coming weeks, by option. */
function startsByOption(catalog: GeneratedCatalog, now: Date): Map<string, Selection[]> {
  const today = DateTime.fromJSDate(now, { zone: 'UTC' });
  const out = new Map<string, Selection[]>();
  for (const { definition } of catalog.products) {
    const option = definition.options.find((o) => o.is_default);
    if (!option || option.capacity_mode === 'on_request' || option.ask_for_price || option.sales_paused || option.room_types.length > 0) continue;
    const selections: Selection[] = [];
    for (let day = FIRST_DAY; day <= LAST_DAY; day++) {
      const date = today.plus({ days: day }).toISODate() as string;
      for (const start of startsOn(option, date)) {
        if (checkStart(option, start, definition.timezone, now) === null) selections.push({ option_id: option.id, start, units: unitsOf(option) });
      }
    }
    if (selections.length > 0) out.set(option.id, selections);
  }
  return out;
}

/** The options whose first start quotes (200): the others' selections would need more than one unit kind. */
async function quotable(base: string, byOption: Map<string, Selection[]>): Promise<Selection[][]> {
  const kept: Selection[][] = [];
  for (const selections of byOption.values()) {
    if ((await send(base, 'POST', '/v1/public/quotes', selections[0])).status === 200) kept.push(selections);
  }
  return kept;
}

/** Interleaved: option by option, so neighbouring requests are for other trips. */
function interleave(perOption: Selection[][]): Selection[] {
  const out: Selection[] = [];
  const longest = Math.max(...perOption.map((s) => s.length));
  for (let i = 0; i < longest; i++) for (const selections of perOption) if (i < selections.length) out.push(selections[i]);
  return out;
}

/** What a checkout of this option needs besides the hold: a way to pay when the marketplace lists some; null when it cannot be checked out plainly. */
async function checkoutExtras(base: string, selection: Selection): Promise<Record<string, unknown> | null> {
  const methods = await send(base, 'GET', `/v1/public/payment-methods?option_id=${encodeURIComponent(selection.option_id)}&start=${selection.start}`);
  if (methods.status !== 200) return null;
  const kinds = (methods.json as { kind: string }[]).map((m) => m.kind);
  return kinds.length === 0 ? {} : { payment_method: kinds.includes('pay_on_arrival') ? 'pay_on_arrival' : kinds[0] };
}

/**
 * One autocannon run, for `duration` seconds or `amount` requests. A run of an amount ends only at
 * autocannon's next tick of a second after its last answer (1,500 answers in 0.6 s take 1 s, 3,000
 * in 1.2 s take 2 s), and its per-second average takes a partial second as whole: its rate is the
 * requests over the time from the start to the last answer.
 */
async function cannon(
  options: Omit<CannonOptions, 'connections' | 'duration'> & { duration?: number; amount?: number },
  connections: number,
): Promise<CannonResult> {
  const started = performance.now();
  let answered = started;
  const run = autocannon({ duration: 1, ...options, connections: Math.min(connections, options.amount ?? connections) });
  run.on('response', () => {
    answered = performance.now();
  });
  const result = await run;
  const seconds = (answered - started) / 1000;
  if (options.amount === undefined || seconds <= 0) return result;
  return { ...result, requests: { ...result.requests, average: result.requests.total / seconds } };
}

/** POST bodies taken in turn from `bodies`, whichever connection sends. */
function rotatingPosts(base: string, path: string, key: string, bodies: () => string): Omit<CannonOptions, 'connections' | 'duration'> {
  const headers = { 'Tp-Publishable-Key': key, 'Content-Type': 'application/json' };
  return { url: base, requests: [{ method: 'POST', path, headers, setupRequest: (request) => ({ ...request, path, body: bodies() }) }] };
}

/** Holds `selections` through HTTP, `connections` at a time; answers the refs of those held. */
async function holdAll(base: string, selections: Selection[], connections: number): Promise<{ ref: string; selection: Selection }[]> {
  const held: { ref: string; selection: Selection }[] = [];
  let next = 0;
  const lane = async () => {
    while (next < selections.length) {
      const selection = selections[next++];
      const answer = await send(base, 'POST', '/v1/public/holds', selection);
      if (answer.status !== 201) throw new Error(`hold ${JSON.stringify(selection)} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      held.push({ ref: answer.json.ref, selection });
    }
  };
  await Promise.all(Array.from({ length: connections }, lane));
  return held;
}

interface Contended {
  body: string;
  optionId: string;
  start: string;
  stream: string;
}

/** Grows the start's stream by `holds` holds of one place that ran out and were released: two events each. */
async function growWithLapsedHolds(engine: Engine, contended: Contended, holds: number, from: number): Promise<void> {
  const metadata = { correlationId: 'bench', at: new Date().toISOString() };
  for (let i = from; i < from + holds; i++) {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 15 * 60_000);
    const ref = `BENCH-${i}`;
    const { optionId, start } = contended;
    const hold = { type: 'HoldPlaces' as const, ref, optionId, start, places: 1, capacity: CONTENDED_CAPACITY, expiresAt: expiresAt.toISOString(), now };
    const held = await engine.platform.commands.handle(contended.stream, departureDecider, hold, metadata);
    if (isRefusal(held)) throw new Error(`growing the contended stream: ${held.code} ${held.detail}`);
    const after = new Date(expiresAt.getTime() + 1);
    await engine.platform.commands.handle(contended.stream, departureDecider, { type: 'ReleasePlaces', ref, why: 'expired', now: after }, metadata);
  }
}

/** Releases holds of the contended start once their time is up, as the expiry job does. */
async function releaseHolds(engine: Engine, contended: Contended, refs: string[]): Promise<void> {
  const metadata = { correlationId: 'bench', at: new Date().toISOString() };
  const after = new Date(Date.now() + 16 * 60_000);
  for (const ref of refs) {
    const released = await engine.platform.commands.handle(
      contended.stream,
      departureDecider,
      { type: 'ReleasePlaces', ref, why: 'expired', now: after },
      metadata,
    );
    if (isRefusal(released)) throw new Error(`releasing ${ref}: ${released.code} ${released.detail}`);
  }
}

/** A limited, instant trip of the demo's direct storefront with one adult unit, its capacity raised so that one start never sells out. */
async function contendedStart(base: string): Promise<Contended> {
  const direct = { 'Tp-Publishable-Key': DIRECT_KEY };
  const seller = { Authorization: `Bearer ${OWNER_SECRET}` };
  const list = await send(base, 'GET', '/v1/public/products?limit=100', undefined, direct);
  for (const card of list.json.data) {
    const trip = await send(base, 'GET', `/v1/public/products/${card.id}`, undefined, direct);
    const option = trip.json.options.find((o: any) => o.is_default);
    if (!option || option.capacity_mode !== 'limited' || option.confirmation !== 'instant' || option.ask_for_price || option.units.length !== 1) continue;
    const own = await send(base, 'GET', `/v1/products/${card.id}`, undefined, seller);
    if (own.status !== 200) continue;
    const { id, published, created_at, updated_at, ...definition } = own.json;
    void [id, published, created_at, updated_at];
    const defined = definition.options.find((o: any) => o.id === option.id);
    defined.availability.capacity = CONTENDED_CAPACITY;
    const replaced = await send(base, 'PUT', `/v1/products/${card.id}`, definition, seller);
    if (replaced.status !== 200) throw new Error(`raising the capacity of ${card.id} answered ${replaced.status}: ${replaced.text.slice(0, 300)}`);
    const month = DateTime.utc().plus({ months: 1 }).toFormat('yyyy-MM');
    const calendar = await send(base, 'GET', `/v1/public/options/${option.id}/calendar?month=${month}`, undefined, direct);
    const day = (calendar.json as any[]).find((d) => d.status === 'open');
    const slot = day?.starts.find((s: any) => s.status === 'open');
    if (!slot) continue;
    const start = slot.time === null ? day.date : `${day.date}T${slot.time}`;
    return {
      body: JSON.stringify({ option_id: option.id, start, units: [{ unit_id: option.units[0].id, qty: 1 }] }),
      optionId: option.id,
      start,
      stream: departureStream(option.id, start),
    };
  }
  throw new Error('the demo catalog has no limited, instant trip with one unit whose seller key can edit it');
}

/**
 * Waits until the projections and reactors have handled everything appended so far, so that a run
 * does not pay for the work of the setup before it (mails of checkouts, a grown stream's events).
 */
async function settle(engine: Engine): Promise<void> {
  if (!(await engine.runner.catchUp(600_000)) || !(await engine.reactors.catchUp(600_000))) throw new Error('the projections or reactors did not catch up');
}

export async function benchBookings(setup: BookingBenchSetup): Promise<BookingBench> {
  const { engine, base, connections, log } = setup;
  const runs: BookingRun[] = [];

  // Uncontended holds: one place at each start in turn, so a start sees a hold again only after all others did.
  const started = performance.now();
  const perOption = await quotable(base, startsByOption(setup.catalog, new Date()));
  const pool = interleave(perOption);
  log(`holds: ${pool.length} starts of ${perOption.length} generated trips (found in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  let next = 0;
  const holdBodies = pool.map((s) => JSON.stringify(s));
  const uncontended = rotatingPosts(base, '/v1/public/holds', GENERATED_KEY, () => holdBodies[next++ % holdBodies.length]);
  await cannon({ ...uncontended, duration: setup.warmupSeconds }, connections);
  await settle(engine);
  runs.push({
    name: 'POST holds (uncontended)',
    result: await profiled('POST holds (uncontended)', () => cannon({ ...uncontended, duration: setup.seconds }, connections)),
  });
  log(`  POST holds (uncontended): ${runs[runs.length - 1].result.requests.average.toFixed(0)} req/s, ${next} holds in all`);

  // Checkouts of holds made beforehand, on starts the hold run left alone (the end of the pool backwards).
  const checkable: { selection: Selection; extras: Record<string, unknown> }[] = [];
  for (const selections of perOption) {
    const extras = await checkoutExtras(base, selections[0]);
    const option = setup.catalog.products.flatMap((p) => p.definition.options).find((o) => o.id === selections[0].option_id);
    if (extras && option && (option.traveller_details.collect !== 'checkout' || option.traveller_details.fields.length === 0) && option.pickup === null)
      checkable.push({ selection: selections[0], extras });
  }
  const warmCheckouts = Math.min(300, CHECKOUTS);
  const checkablePool = interleave(perOption.filter((selections) => checkable.some((c) => c.selection.option_id === selections[0].option_id))).reverse();
  if (checkablePool.length === 0) throw new Error('no generated trip can be checked out with a lead and a way to pay alone');
  const toHold = Array.from({ length: warmCheckouts + CHECKOUTS }, (_, i) => checkablePool[i % checkablePool.length]);
  const holding = performance.now();
  const holds = await holdAll(base, toHold, connections);
  log(`checkouts: ${holds.length} holds made for them in ${((performance.now() - holding) / 1000).toFixed(1)} s`);
  const extrasOf = new Map(checkable.map((c) => [c.selection.option_id, c.extras]));
  let n = 0;
  const checkoutBodies = holds.map(({ ref, selection }) =>
    JSON.stringify({
      ref,
      lead: { name: 'Bench Traveller', email: `bench${n++}@example.com`, phone: '+351 912 345 678' },
      ...extrasOf.get(selection.option_id),
    }),
  );
  let taken = 0;
  const checkouts = rotatingPosts(base, '/v1/public/checkout', GENERATED_KEY, () => checkoutBodies[taken++]);
  await cannon({ ...checkouts, amount: Math.min(warmCheckouts, checkoutBodies.length) }, connections);
  await settle(engine);
  const measured = checkoutBodies.length - taken;
  const checkoutRun = `POST checkout (${measured})`;
  runs.push({ name: checkoutRun, result: await profiled(checkoutRun, () => cannon({ ...checkouts, amount: measured }, connections)) });
  log(`  POST checkout: ${runs[runs.length - 1].result.requests.average.toFixed(0)} req/s`);

  // One contended start, measured as its stream grows.
  const contended = await contendedStart(base);
  const direct = { 'Tp-Publishable-Key': DIRECT_KEY, 'Content-Type': 'application/json' };
  // The refs each run held, released after it as the expiry job would release them: every length
  // is measured over the same few live holds, as on a real start, where holds come and go.
  let heldByRun: string[] = [];
  const oneStart = {
    url: base,
    requests: [
      {
        method: 'POST' as const,
        path: '/v1/public/holds',
        headers: direct,
        body: contended.body,
        onResponse: (status: number, body: string) => {
          if (status === 201) heldByRun.push((JSON.parse(body) as { ref: string }).ref);
        },
      },
    ],
  };
  const lengths: { name: string; from: number; to: number }[] = [];
  let lapsed = 0;
  for (const length of STREAM_LENGTHS) {
    const before = (await engine.events.readStream(contended.stream)).length;
    const grow = Math.max(0, Math.floor((length - before) / 2));
    await growWithLapsedHolds(engine, contended, grow, lapsed);
    lapsed += grow;
    await settle(engine);
    const from = (await engine.events.readStream(contended.stream)).length;
    const name = `POST holds (one start, ~${length.toLocaleString('en-US')} events)`;
    runs.push({ name, result: await profiled(name, () => cannon({ ...oneStart, amount: CONTENDED }, connections)) });
    await releaseHolds(engine, contended, heldByRun);
    heldByRun = [];
    const to = (await engine.events.readStream(contended.stream)).length;
    lengths.push({ name, from, to });
    log(`  ${name}: ${runs[runs.length - 1].result.requests.average.toFixed(0)} req/s, stream ${from} -> ${to} events`);
  }

  return {
    runs,
    summary(ratio) {
      const holdsRun = runs[0];
      const lines = [
        `holds (uncontended)/bare ratio: ${ratio(holdsRun.name).toFixed(2)} (goal >= ${HOLD_GOAL.toFixed(2)}), p99 ${holdsRun.result.latency.p99} ms (goal < ${HOLD_P99_MS} ms)`,
        `checkouts/bare ratio: ${ratio(runs[1].name).toFixed(2)}, p99 ${runs[1].result.latency.p99} ms`,
      ];
      for (const { name, from, to } of lengths) {
        const result = runs.find((r) => r.name === name)!.result;
        lines.push(`${name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms (stream ${from} -> ${to} events)`);
      }
      return lines;
    },
  };
}
