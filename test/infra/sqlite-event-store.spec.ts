import { randomUUID } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { expect } from 'chai';
import sinon from 'sinon';
import Database from 'better-sqlite3';
import { EventData, WrongExpectedRevision } from '../../application/platform/ports/event-store';
import { SqliteEventStore } from '../../infra/event-store/sqlite-event-store';

describe('SqliteEventStore', () => {
  let dir: string;
  let file: string;
  const open: SqliteEventStore[] = [];

  const openStore = (): SqliteEventStore => {
    const store = new SqliteEventStore(file);
    open.push(store);
    return store;
  };
  const closeStore = async (store: SqliteEventStore): Promise<void> => {
    open.splice(open.indexOf(store), 1);
    await store.close();
  };
  const event = (type: string, data: Record<string, unknown> = {}): EventData => ({ type, data });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sqlite-event-store-'));
    file = join(dir, 'events.db');
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sees what another process appended to a stream it wrote to itself: in reads, in revision checks and in its readers', async () => {
    const mine = openStore();
    const other = openStore();
    await mine.append('departure-a', [event('Opened')], 'no_stream');
    expect(await mine.readStream('departure-a', { fromRevision: 1 })).to.deep.equal([]);
    const seen: string[] = [];
    const reader = mine.subscribeToAll(-1, (e) => {
      seen.push(e.type);
    });

    await other.append('departure-a', [event('HeldElsewhere')], 0);

    expect((await mine.readStream('departure-a', { fromRevision: 1 })).map((e) => e.type)).to.deep.equal(['HeldElsewhere']);
    const stale = await mine.append('departure-a', [event('Stale')], 0).catch((error: unknown) => error);
    expect(stale).to.be.instanceOf(WrongExpectedRevision);
    await mine.append('departure-a', [event('Next')], 1);
    await mine.append('departure-b', [event('Wakes')], 'no_stream');
    const deadline = Date.now() + 2000;
    while (seen.length < 4 && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    expect(seen).to.deep.equal(['Opened', 'HeldElsewhere', 'Next', 'Wakes']);
    await reader.close();
  });

  it('hands a reader that starts behind a long log every event, batch after batch, with nothing new written', async () => {
    const writer = openStore();
    for (let i = 0; i < 1_200; i += 100) {
      await Promise.all(Array.from({ length: 100 }, (_, j) => writer.append(`stream-${i + j}`, [event('Written')], 'no_stream')));
    }
    await closeStore(writer);

    const reopened = openStore();
    let seen = 0;
    const reader = reopened.subscribeToAll(-1, () => {
      seen += 1;
    });
    const deadline = Date.now() + 5000;
    while (seen < 1_200 && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    await reader.close();
    expect(seen).to.equal(1_200);
  });

  it('starts empty, with positions counted from 1', async () => {
    const store = openStore();
    expect(await store.headPosition()).to.equal(-1);
    expect(await store.readAll(-1)).to.deep.equal([]);

    const result = await store.append('trip-1', [event('A')], 'no_stream');
    expect(result).to.deep.equal({ revision: 0, position: 1 });
    expect((await store.readAll(0)).map((e) => e.position)).to.deep.equal([1]);
  });

  it('keeps the log across close and reopen of the same file', async () => {
    const first = openStore();
    await first.append('trip-1', [event('Booked', { seats: 2 })], 'no_stream');
    await first.append('trip-2', [event('Booked', { seats: 1 }), event('Cancelled')], 'no_stream');
    const written = await first.readAll(-1);
    await closeStore(first);

    const reopened = openStore();
    expect(await reopened.readAll(-1)).to.deep.equal(written);
    expect(await reopened.headPosition()).to.equal(written[written.length - 1].position);

    const next = await reopened.append('trip-1', [event('Paid')], 0);
    expect(next).to.deep.equal({ revision: 1, position: written[written.length - 1].position + 1 });
  });

  it("reads a stream whose events lie among other streams' events, from a revision, once reopened", async () => {
    const first = openStore();
    for (let i = 0; i < 3; i++) {
      await Promise.all([
        first.append('departure-a', [event(`Held${i}`)], i === 0 ? 'no_stream' : i - 1),
        first.append(`hold-${i}`, [event('Placed')], 'no_stream'),
      ]);
    }
    await closeStore(first);

    const reopened = openStore();
    expect((await reopened.readStream('departure-a', { fromRevision: 1 })).map((e) => [e.type, e.revision])).to.deep.equal([
      ['Held1', 1],
      ['Held2', 2],
    ]);
    expect(await reopened.readStream('departure-b')).to.deep.equal([]);
    const taken = await reopened.append('hold-1', [event('Placed')], 'no_stream').catch((error: unknown) => error);
    expect(taken).to.be.instanceOf(WrongExpectedRevision);
  });

  it('carries on a log made when positions were AUTOINCREMENT, one past its last position', async () => {
    const old = new Database(file);
    old.exec(`CREATE TABLE events (
      position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT UNIQUE NOT NULL, stream_id TEXT NOT NULL, revision INTEGER NOT NULL,
      type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, recorded_at TEXT NOT NULL, UNIQUE (stream_id, revision))`);
    old
      .prepare('INSERT INTO events (position, id, stream_id, revision, type, data, metadata, recorded_at) VALUES (41, ?, ?, 0, ?, ?, ?, ?)')
      .run(randomUUID(), 'trip-1', 'Booked', '{"seats":2}', '{}', '2026-01-01T00:00:00.000Z');
    old.close();

    const store = openStore();
    expect(await store.append('trip-1', [event('Paid')], 0)).to.deep.equal({ revision: 1, position: 42 });
    expect((await store.readStream('trip-1')).map((e) => [e.type, e.position])).to.deep.equal([
      ['Booked', 41],
      ['Paid', 42],
    ]);
  });

  it('stores nothing of a batch whose event cannot be serialised midway', async () => {
    const store = openStore();
    await store.append('trip-1', [event('Booked')], 'no_stream');

    const failed = await store.append('trip-1', [event('Held'), event('Priced', { amount: 10n }), event('Paid')], 0).then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(failed).to.be.instanceOf(TypeError);
    expect((await store.readStream('trip-1')).map((e) => e.type)).to.deep.equal(['Booked']);
    expect(await store.headPosition()).to.equal(1);
    expect(await store.append('trip-1', [event('Held')], 0)).to.deep.equal({ revision: 1, position: 2 });
  });

  it('stores nothing of a batch whose insert fails midway', async () => {
    const store = openStore();
    const id = randomUUID();

    const failed = await store.append('trip-1', [{ ...event('A'), id }, event('B'), { ...event('C'), id }], 'no_stream').then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(failed).to.be.instanceOf(Error);
    expect(await store.readStream('trip-1')).to.deep.equal([]);
    expect(await store.headPosition()).to.equal(-1);
  });

  it('checks the expected revision against writes made through another connection', async () => {
    const one = openStore();
    const other = openStore();
    await one.append('trip-1', [event('Booked')], 'no_stream');

    const failed = await other.append('trip-1', [event('Booked')], 'no_stream').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failed).to.be.instanceOf(WrongExpectedRevision);
    expect(await other.readStream('trip-1')).to.have.length(1);
  });

  it('records the time of the append from the clock', async () => {
    const clock = sinon.useFakeTimers({ now: new Date('2031-05-06T07:08:09.123Z'), toFake: ['Date'] });
    try {
      const store = openStore();
      await store.append('trip-1', [event('A'), event('B')], 'no_stream');
      const read = await store.readStream('trip-1');
      expect(read.map((e) => e.recordedAt)).to.deep.equal(['2031-05-06T07:08:09.123Z', '2031-05-06T07:08:09.123Z']);
    } finally {
      clock.restore();
    }
  });

  it('waits 100 ms before retrying an event its handler failed on', async () => {
    const store = openStore();
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const consoleError = sinon.stub(console, 'error');
    try {
      let attempts = 0;
      const subscription = store.subscribeToAll(-1, () => {
        attempts += 1;
        if (attempts === 1) throw new Error('projection store unavailable');
      });
      await store.append('trip-1', [event('A')], 'no_stream');
      await clock.tickAsync(0);
      expect(attempts).to.equal(1);
      await clock.tickAsync(99);
      expect(attempts).to.equal(1);
      await clock.tickAsync(1);
      expect(attempts).to.equal(2);
      expect(consoleError.callCount).to.equal(1);
      await subscription.close();
    } finally {
      consoleError.restore();
      clock.restore();
    }
  });

  it('resolves close() of a subscription only after the handler in progress has finished', async () => {
    const store = openStore();
    let release: () => void = () => undefined;
    let started = false;
    let finished = false;
    const subscription = store.subscribeToAll(-1, async () => {
      started = true;
      await new Promise<void>((resolve) => (release = resolve));
      finished = true;
    });
    await store.append('trip-1', [event('A'), event('B')], 'no_stream');
    while (!started) await new Promise((resolve) => setImmediate(resolve));

    let closed = false;
    const closing = subscription.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).to.equal(false);

    release();
    await closing;
    expect(finished).to.equal(true);
  });

  it('stops its subscriptions when the store closes', async () => {
    const store = openStore();
    const seen: string[] = [];
    store.subscribeToAll(-1, (e) => {
      seen.push(e.type);
    });
    await store.append('trip-1', [event('A')], 'no_stream');
    while (seen.length < 1) await new Promise((resolve) => setImmediate(resolve));

    await closeStore(store);
    expect(seen).to.deep.equal(['A']);
  });
});
