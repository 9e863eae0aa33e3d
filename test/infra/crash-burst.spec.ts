import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { expect } from 'chai';
import type { RecordedEvent } from '../../application/platform/ports/event-store';
import { MemoryDocumentStore } from '../../infra/documents/memory-document-store';
import { SqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { ReadModelServer } from '../../infra/cli/read-model-server';
import { replayAgainstServer } from '../../infra/cli/replay';
import { DEPARTURES } from '../../projections/departures/doc';

/** The embedded server in a process of its own (see that file): with `send` it serves once its reactors caught up with the log. */
const SERVER = path.join(__dirname, '../application/booking/crashing-server.js');
const KEY = 'tp_pk_demo_direct';
const LANES = 8;
/** Answered successes before the kill: enough for every kind of request to be in flight when it lands. */
const KILL_AFTER = 80;

interface Running {
  process: ChildProcess;
  base: string;
}

function start(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, [SERVER, dataDir, 'send'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it served`)));
    readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
      resolve({ process: child, base: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` });
    });
  });
}

/** kill -9: no shutdown, whatever was in flight is cut off. */
function crash(running: Running): Promise<void> {
  return new Promise((resolve) => {
    if (running.process.exitCode !== null || running.process.signalCode !== null) return resolve();
    running.process.once('exit', () => resolve());
    running.process.kill('SIGKILL');
  });
}

async function call(running: Running, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(running.base + url, {
    method,
    headers: { 'Tp-Publishable-Key': KEY, ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
}

interface Bookable {
  optionId: string;
  unitId: string;
  starts: string[];
  pay: { payment_method?: string };
}

/** A limited, instant, single-unit option of the demo catalog and open starts of it two months from now. */
async function bookable(running: Running): Promise<Bookable> {
  const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 1)).toISOString().slice(0, 7);
  const list = await call(running, 'GET', '/v1/public/products?limit=100');
  for (const card of list.body.data) {
    const trip = await call(running, 'GET', `/v1/public/products/${card.id}`);
    const option = trip.body.options.find((o: any) => o.is_default);
    if (!option || option.capacity_mode !== 'limited' || option.confirmation !== 'instant' || option.ask_for_price || option.units.length !== 1) continue;
    const calendar = await call(running, 'GET', `/v1/public/options/${option.id}/calendar?month=${month}`);
    const starts = (calendar.body as any[])
      .filter((d) => d.status === 'open')
      .flatMap((d) => d.starts.filter((s: any) => s.status === 'open').map((s: any) => (s.time === null ? d.date : `${d.date}T${s.time}`)))
      .slice(0, 6);
    if (starts.length < 6) continue;
    const methods = await call(running, 'GET', `/v1/public/payment-methods?option_id=${option.id}&start=${starts[0]}`);
    const kinds = (methods.body as { kind: string }[]).map((m) => m.kind);
    const pay = kinds.length === 0 ? {} : { payment_method: kinds.includes('pay_on_arrival') ? 'pay_on_arrival' : kinds[0] };
    return { optionId: option.id, unitId: option.units[0].id, starts, pay };
  }
  throw new Error('the demo catalog has no bookable trip');
}

/** What the server answered with success before it died, and what it never answered. */
interface Outcome {
  holds: Map<string, { start: string; key: string }>;
  bookings: Map<string, string>;
  cancelled: Set<string>;
  /** Cancels sent whose answer the kill cut off: either outcome is right. */
  cancelsCutOff: Set<string>;
  lostHolds: { key: string; body: unknown }[];
}

/**
 * Lanes of travellers, each: hold, check out, and cancel every third booking; until the server is
 * killed (after KILL_AFTER successes, while the other lanes are mid-request).
 */
async function burst(running: Running, trip: Bookable): Promise<Outcome> {
  const outcome: Outcome = { holds: new Map(), bookings: new Map(), cancelled: new Set(), cancelsCutOff: new Set(), lostHolds: [] };
  let successes = 0;
  let killed: Promise<void> | null = null;
  const succeeded = () => {
    successes += 1;
    if (successes === KILL_AFTER) killed = crash(running);
  };
  const lane = async (n: number) => {
    for (let i = 0; killed === null; i++) {
      const startAt = trip.starts[(n + i) % trip.starts.length];
      const key = `crash-${n}-${i}`;
      const body = { option_id: trip.optionId, start: startAt, units: [{ unit_id: trip.unitId, qty: 1 + ((n + i) % 2) }] };
      let step = 'hold';
      try {
        const hold = await call(running, 'POST', '/v1/public/holds', body, { 'Idempotency-Key': key });
        if (hold.status !== 201) continue; // sold out: no success to account for
        outcome.holds.set(hold.body.ref, { start: startAt, key });
        succeeded();
        step = 'checkout';
        const lead = { name: `Traveller ${n}`, email: `lane${n}.${i}@example.com`, phone: '+351 912 345 678' };
        const booking = await call(running, 'POST', '/v1/public/checkout', { ref: hold.body.ref, lead, ...trip.pay });
        expect(booking.status, JSON.stringify(booking.body)).to.equal(200);
        outcome.bookings.set(booking.body.ref, booking.body.booking_token);
        succeeded();
        if (i % 3 !== 1) continue;
        step = 'cancel';
        outcome.cancelsCutOff.add(booking.body.ref);
        const cancel = await call(running, 'POST', `/v1/public/bookings/${booking.body.ref}/cancel?token=${booking.body.booking_token}`);
        expect(cancel.status).to.equal(200);
        outcome.cancelled.add(booking.body.ref);
        outcome.cancelsCutOff.delete(booking.body.ref);
        succeeded();
      } catch (error) {
        if (killed === null) throw error;
        if (step === 'hold') outcome.lostHolds.push({ key, body });
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, (_, n) => lane(n)));
  await killed;
  return outcome;
}

async function wholeLog(log: SqliteEventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let batch = await log.readAll(-1, 1000); batch.length > 0; batch = await log.readAll(events[events.length - 1].position, 1000)) events.push(...batch);
  return events;
}

/** How many events of each type name each ref, counted across the whole log. */
function perRef(events: RecordedEvent[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of events) {
    const ref = (e.data as { ref?: unknown }).ref;
    if (typeof ref !== 'string') continue;
    const key = `${e.type} ${ref}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Places taken at a start, counted from its departure stream: booked entries and holds that have not run out. */
function takenAt(events: RecordedEvent[], optionId: string, startAt: string, now: number): { capacity: number | null; taken: number } {
  let capacity: number | null = null;
  const entries = new Map<string, { places: number; expiresAt: string; status: string }>();
  for (const e of events.filter((x) => x.streamId === `departure-${optionId}-${startAt}`)) {
    const data = e.data as any;
    if (e.type === 'DepartureOpened' || e.type === 'CapacityChanged') capacity = data.capacity;
    if (e.type === 'PlacesHeld') entries.set(data.ref, { places: data.places, expiresAt: data.expiresAt, status: 'held' });
    const entry = entries.get(data.ref);
    if (entry && e.type === 'PlacesBooked') entry.status = 'booked';
    if (entry && e.type === 'PlacesReleased') entry.status = 'released';
  }
  let taken = 0;
  for (const entry of entries.values()) if (entry.status === 'booked' || (entry.status === 'held' && Date.parse(entry.expiresAt) > now)) taken += entry.places;
  return { capacity, taken };
}

describe('a crash in the middle of a burst of holds, checkouts and cancels (a real process, SIGKILL)', function () {
  this.timeout(60_000);
  let dataDir: string;
  let running: Running | null = null;
  let log: SqliteEventStore | null = null;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trips-crash-burst-'));
  });
  afterEach(async () => {
    await log?.close();
    log = null;
    if (running) await crash(running);
    running = null;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('after a restart on the same DATA_DIR every answered success is there, none twice, and the read models equal a rebuild', async () => {
    running = await start(dataDir);
    const trip = await bookable(running);
    const outcome = await burst(running, trip);
    expect(outcome.holds.size).to.be.greaterThan(10);
    expect(outcome.bookings.size).to.be.greaterThan(5);
    expect(outcome.cancelled.size).to.be.greaterThan(0);

    running = await start(dataDir);
    for (const [ref, { start: startAt }] of outcome.holds) {
      const hold = await call(running, 'GET', `/v1/public/holds/${ref}`);
      expect(hold.status, ref).to.equal(200);
      expect(hold.body.status).to.be.oneOf(['on_hold', 'checked_out']);
      if (hold.body.status === 'on_hold') expect(hold.body.start).to.equal(startAt);
    }
    for (const [ref, token] of outcome.bookings) {
      const booking = await call(running, 'GET', `/v1/public/bookings/${ref}?token=${token}`);
      expect(booking.status, ref).to.equal(200);
      if (outcome.cancelsCutOff.has(ref)) expect(booking.body.status).to.be.oneOf(['confirmed', 'cancelled']);
      else expect(booking.body.status).to.equal(outcome.cancelled.has(ref) ? 'cancelled' : 'confirmed');
    }
    // Holds whose answers were cut off, asked again under the same key: the same hold, never a second one.
    const retried = await Promise.all(outcome.lostHolds.map(({ key, body }) => call(running!, 'POST', '/v1/public/holds', body, { 'Idempotency-Key': key })));
    for (const answer of retried) expect(answer.status).to.be.oneOf([201, 422]);

    log = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
    const events = await wholeLog(log);
    const twice = [...perRef(events)].filter(([, n]) => n > 1).map(([what]) => what);
    expect(twice, 'events recorded twice for one ref').to.deep.equal([]);
    // Every hold was asked under a key of its own: one hold per key (commandId is the key's digest).
    const placedByKey = new Map<unknown, number>();
    for (const e of events.filter((x) => x.type === 'HoldPlaced')) placedByKey.set(e.metadata.commandId, (placedByKey.get(e.metadata.commandId) ?? 0) + 1);
    expect([...placedByKey].filter(([, n]) => n > 1)).to.deep.equal([]);
    for (const answer of retried.filter((a) => a.status === 201))
      expect(events.some((e) => e.type === 'HoldPlaced' && (e.data as any).ref === answer.body.ref)).to.equal(true);
    for (const ref of outcome.cancelled)
      expect(
        events.some((e) => e.type === 'PlacesReleased' && (e.data as any).ref === ref),
        ref,
      ).to.equal(true);

    for (const startAt of trip.starts) {
      const { capacity, taken } = takenAt(events, trip.optionId, startAt, Date.now());
      if (capacity === null) continue; // never held: nothing in the log to count
      expect(taken).to.be.at.most(capacity);
      const calendar = await call(running, 'GET', `/v1/public/options/${trip.optionId}/calendar?month=${startAt.slice(0, 7)}`);
      const day = calendar.body.find((d: any) => d.date === startAt.slice(0, 10));
      const slot = day.starts.find((s: any) => (s.time === null ? day.date : `${day.date}T${s.time}`) === startAt);
      expect(slot.remaining, startAt).to.equal(capacity - taken);
    }

    const reports = await replayAgainstServer(log, new MemoryDocumentStore(), new ReadModelServer(running.base));
    expect(reports.map((r) => r.collection)).to.include.members(['bookings', 'holds', DEPARTURES]);
    expect(reports.filter((r) => r.differing.length > 0)).to.deep.equal([]);
  });
});
