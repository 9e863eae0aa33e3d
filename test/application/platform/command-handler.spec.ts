import { expect } from 'chai';
import sinon from 'sinon';
import { CommandHandler, SNAPSHOTS_COLLECTION, SnapshotDecider } from '../../../application/platform/command-handler';
import type { EventStore, ReadStreamOptions, RecordedEvent } from '../../../application/platform/ports/event-store';
import type { Logger } from '../../../application/platform/ports/logger';
import { DepartureCommand, DepartureEvent, Departure, departureDecider, departureStream } from '../../../domain/departure';
import { isRefusal } from '../../../domain/shared/refusal';
import type { Decider } from '../../../domain/shared/decider';
import { MemoryDocumentStore } from '../../../infra/documents/memory-document-store';
import { SqliteEventStore } from '../../../infra/event-store/sqlite-event-store';

const now = new Date('2027-03-01T10:00:00.000Z');
const optionId = 'opt-free-sale';
const start = '2027-03-20T09:00';
const stream = departureStream(optionId, start);
const departure: SnapshotDecider<DepartureCommand, DepartureEvent, Departure> = {
  ...departureDecider,
  snapshot: { name: 'departure', version: 1 },
};

/** A hold of one place on a free-sale start: nothing caps it, so the stream only grows. */
const hold = (ref: string): DepartureCommand => ({
  type: 'HoldPlaces',
  ref,
  optionId,
  start,
  places: 1,
  capacity: null,
  expiresAt: '2027-03-01T10:15:00.000Z',
  now,
});

/** Counts what readStream hands out: the events a command had to read. */
function countReads(store: EventStore): { events: () => number; calls: sinon.SinonStub<[string, ReadStreamOptions?], Promise<RecordedEvent[]>> } {
  let read = 0;
  const original = store.readStream.bind(store);
  const calls = sinon.stub(store, 'readStream').callsFake(async (streamId: string, options?: ReadStreamOptions) => {
    const events = await original(streamId, options);
    read += events.length;
    return events;
  });
  return { events: () => read, calls };
}

/** What another process's hold leaves in the stream. */
const placesHeld = (ref: string) => ({ type: 'PlacesHeld', data: { ref, optionId, start, places: 1, expiresAt: '2027-03-01T10:15:00.000Z' } });

async function handleOk(handler: CommandHandler, command: DepartureCommand, decider = departure): Promise<void> {
  const result = await handler.handle(stream, decider, command, { correlationId: 'test' });
  if (isRefusal(result)) throw new Error(`refused: ${result.code}`);
}

describe('command handler', () => {
  afterEach(() => sinon.restore());

  describe('on a long stream', function () {
    this.timeout(120_000);
    const HOLDS = 10_000;
    let store: SqliteEventStore;
    let snapshots: MemoryDocumentStore;
    let ours: CommandHandler;
    /** Events read by each of the 10,000 commands, in order. */
    const readPerCommand: number[] = [];

    before(async () => {
      store = new SqliteEventStore(':memory:');
      snapshots = new MemoryDocumentStore();
      const reads = countReads(store);
      ours = new CommandHandler(store, { snapshots });
      for (let i = 0; i < HOLDS; i++) {
        // Another process holds on the same start now and then: its events are the tail ours must read.
        if (i % 10 === 5) await store.append(stream, [placesHeld(`TP-other-${i}`)], 'any');
        const before = reads.events();
        await handleOk(ours, hold(`TP-${i}`));
        readPerCommand.push(reads.events() - before);
      }
      sinon.restore();
    });

    after(() => store.close());

    it('has the last hundred holds of 10,000 read no more events than the first hundred', () => {
      const first = readPerCommand.slice(0, 100).reduce((a, b) => a + b, 0);
      const last = readPerCommand.slice(-100).reduce((a, b) => a + b, 0);
      expect(last).to.be.at.most(first);
      // A command reads only what the other process appended since the last one: never the whole stream.
      expect(Math.max(...readPerCommand)).to.equal(1);
      expect(readPerCommand.reduce((a, b) => a + b, 0)).to.equal(HOLDS / 10);
    });

    it('lets a fresh handler start from the newest snapshot and read only the events after it', async () => {
      const head = (await store.readStream(stream)).length - 1;
      const saved = await snapshots.collection(SNAPSHOTS_COLLECTION).find({});
      expect(saved).to.have.length(1);
      const snapshotRevision = saved[0].revision as number;
      expect(head - snapshotRevision).to.be.below(500);

      const reads = countReads(store);
      const fresh = new CommandHandler(store, { snapshots });
      const loaded = await fresh.load(stream, departure);
      expect(reads.calls.firstCall.args[1]).to.deep.equal({ fromRevision: snapshotRevision + 1 });
      expect(reads.events()).to.equal(head - snapshotRevision);
      expect(loaded.revision).to.equal(head);
      expect(Object.keys(loaded.state.entries)).to.have.length(HOLDS + HOLDS / 10);
      expect(loaded.state).to.deep.equal((await ours.load(stream, departure)).state);

      const before = reads.events();
      await handleOk(fresh, hold('TP-after-restart'));
      expect(reads.events()).to.equal(before);
    });
  });

  it('decides on the same state as a fold of the whole stream, through snapshots and tails', async () => {
    const store = new SqliteEventStore(':memory:');
    const snapshots = new MemoryDocumentStore();
    const ours = new CommandHandler(store, { snapshots, snapshotEvery: 3 });
    for (let i = 0; i < 20; i++) {
      await handleOk(ours, hold(`TP-${i}`));
      if (i % 4 === 0) await handleOk(ours, { type: 'BookPlaces', ref: `TP-${i}`, now });
      if (i % 5 === 0) await store.append(stream, [placesHeld(`TP-other-${i}`)], 'any');
    }
    const whole = (await store.readStream(stream)).reduce(
      (s, e) => departureDecider.evolve(s, { type: e.type, data: e.data } as DepartureEvent),
      departureDecider.initialState(),
    );
    expect((await ours.load(stream, departure)).state).to.deep.equal(whole);
    expect((await new CommandHandler(store, { snapshots }).load(stream, departure)).state).to.deep.equal(whole);
    expect((await new CommandHandler(store).load(stream, departure)).state).to.deep.equal(whole);
    await store.close();
  });

  it('ignores a snapshot of another version of the decider', async () => {
    const store = new SqliteEventStore(':memory:');
    const snapshots = new MemoryDocumentStore();
    for (let i = 0; i < 4; i++) await handleOk(new CommandHandler(store, { snapshots, snapshotEvery: 2 }), hold(`TP-${i}`));
    expect(await snapshots.collection(SNAPSHOTS_COLLECTION).countDocuments()).to.equal(1);

    const reads = countReads(store);
    const changed = { ...departureDecider, snapshot: { name: 'departure', version: 2 } };
    const loaded = await new CommandHandler(store, { snapshots }).load(stream, changed);
    expect(reads.calls.firstCall.args[1]).to.deep.equal({ fromRevision: 0 });
    expect(Object.keys(loaded.state.entries)).to.have.length(4);
    await store.close();
  });

  it('after a conflict reads only what the other writer appended since its cached revision, and decides again', async () => {
    const store = new SqliteEventStore(':memory:');
    const ours = new CommandHandler(store);
    const theirs = new CommandHandler(store);
    for (let i = 0; i < 5; i++) await handleOk(ours, hold(`TP-${i}`));
    const cachedUpTo = (await store.readStream(stream)).length - 1;

    // The other writer slips in between our read and our append.
    const append = store.append.bind(store);
    let slipped = false;
    sinon.stub(store, 'append').callsFake(async (streamId, events, expected) => {
      if (!slipped) {
        slipped = true;
        await handleOk(theirs, hold('TP-theirs'));
      }
      return append(streamId, events, expected);
    });
    const reads = countReads(store);
    await handleOk(ours, hold('TP-5'));

    expect(reads.calls.getCalls().map((c) => c.args[1])).to.deep.equal([
      { fromRevision: cachedUpTo + 1 }, // ours, before deciding
      { fromRevision: 0 }, // theirs, a new handler
      { fromRevision: cachedUpTo + 1 }, // ours again after the conflict: only the other writer's event
    ]);
    const written = (await store.readStream(stream)).filter((e) => e.type === 'PlacesHeld').map((e) => e.data.ref);
    expect(written).to.deep.equal(['TP-0', 'TP-1', 'TP-2', 'TP-3', 'TP-4', 'TP-theirs', 'TP-5']);
    await store.close();
  });

  it('serves load() on read paths from the cache, reading only newer events', async () => {
    const store = new SqliteEventStore(':memory:');
    const handler = new CommandHandler(store);
    for (let i = 0; i < 3; i++) await handleOk(handler, hold(`TP-${i}`));
    const cachedUpTo = (await store.readStream(stream)).length - 1;
    await store.append(stream, [{ type: 'PlacesBooked', data: { ref: 'TP-1' } }], cachedUpTo);

    const reads = countReads(store);
    const loaded = await handler.load(stream, departure);
    expect(reads.calls.firstCall.args[1]).to.deep.equal({ fromRevision: cachedUpTo + 1 });
    expect(reads.events()).to.equal(1);
    expect(loaded.state.entries['TP-1'].status).to.equal('booked');
    expect(loaded.revision).to.equal(cachedUpTo + 1);
    await store.close();
  });

  it('keeps one state per decider on the same stream', async () => {
    const store = new SqliteEventStore(':memory:');
    const handler = new CommandHandler(store);
    await handleOk(handler, hold('TP-1'));
    const counter: Decider<never, DepartureEvent, number> = {
      initialState: () => 0,
      evolve: (n) => n + 1,
      decide: () => [],
    };
    expect((await handler.load(stream, counter)).state).to.equal((await store.readStream(stream)).length);
    expect(Object.keys((await handler.load(stream, departure)).state.entries)).to.deep.equal(['TP-1']);
    await store.close();
  });

  it('keeps at most cacheSize streams, forgetting the least recently used', async () => {
    const store = new SqliteEventStore(':memory:');
    const handler = new CommandHandler(store, { cacheSize: 2 });
    const other = (n: number) => departureStream(optionId, `2027-04-0${n}T09:00`);
    for (const n of [1, 2, 3]) await handler.handle(other(n), departure, hold(`TP-${n}`), {});

    const length = (await store.readStream(other(3))).length;
    const reads = countReads(store);
    await handler.load(other(3), departure);
    await handler.load(other(1), departure);
    expect(reads.calls.getCalls().map((c) => c.args[1])).to.deep.equal([{ fromRevision: length }, { fromRevision: 0 }]);
    await store.close();
  });

  it('saves no snapshot of a state JSON would change, and says so', async () => {
    const store = new SqliteEventStore(':memory:');
    const snapshots = new MemoryDocumentStore();
    const log: Logger = { info: sinon.spy(), error: sinon.spy() };
    const dated: SnapshotDecider<{ at: Date }, { type: 'Ticked'; data: { at: string } }, { last: Date | null }> = {
      initialState: () => ({ last: null }),
      evolve: (_, e) => ({ last: new Date(e.data.at) }),
      decide: (c) => [{ type: 'Ticked', data: { at: c.at.toISOString() } }],
      snapshot: { name: 'dated', version: 1 },
    };
    const handler = new CommandHandler(store, { snapshots, snapshotEvery: 2, log });
    for (let i = 0; i < 3; i++) await handler.handle('clock-1', dated, { at: now }, {});

    expect(await snapshots.collection(SNAPSHOTS_COLLECTION).countDocuments()).to.equal(0);
    expect((log.error as sinon.SinonSpy).firstCall.args[0]).to.match(/snapshot not saved/);
    const loaded = await new CommandHandler(store, { snapshots }).load('clock-1', dated);
    expect(loaded.state.last).to.be.instanceOf(Date);
    await store.close();
  });

  describe('a command on a stream it expects to be new', () => {
    it('decides without reading the log when the stream is new', async () => {
      const store = new SqliteEventStore(':memory:');
      const handler = new CommandHandler(store);
      const reads = countReads(store);
      const result = await handler.handle(departureStream(optionId, '2027-03-21T09:00'), departure, hold('TP-new'), {}, { expectNew: true });
      if (isRefusal(result)) throw new Error(`refused: ${result.code}`);
      expect(reads.calls.callCount).to.equal(0);
      const appended = await store.readStream(departureStream(optionId, '2027-03-21T09:00'));
      expect(appended.map((e) => e.type)).to.deep.equal(result.events.map((e) => e.type));
      await store.close();
    });

    it('reads the stream and decides again when it was not new after all', async () => {
      const store = new SqliteEventStore(':memory:');
      const capped = departureStream(optionId, '2027-03-22T09:00');
      await store.append(capped, [placesHeld('TP-other')], 'no_stream');
      const handler = new CommandHandler(store);
      const result = await handler.handle(capped, departure, hold('TP-other'), {}, { expectNew: true });
      // Decided on what the log holds: the same ref is held once.
      expect(isRefusal(result) ? result.code : result.events).to.deep.equal([]);
      expect((await store.readStream(capped)).length).to.equal(1);
      await store.close();
    });

    it('reads the stream first when the command carries an idempotency key', async () => {
      const store = new SqliteEventStore(':memory:');
      const handler = new CommandHandler(store);
      const reads = countReads(store);
      await handler.handle(departureStream(optionId, '2027-03-23T09:00'), departure, hold('TP-keyed'), { commandId: 'key-1' }, { expectNew: true });
      expect(reads.calls.callCount).to.equal(1);
      await store.close();
    });
  });
});
