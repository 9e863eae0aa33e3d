import { randomUUID } from 'crypto';
import { expect } from 'chai';
import sinon from 'sinon';
import { EventData, EventStore, RecordedEvent, WrongExpectedRevision } from '../../application/platform/ports/event-store';

/** Polls for I/O to land (a subscription delivering); the cap only turns a hang into a failure. */
async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The behaviour every EventStore adapter must share. Stream names are unique per test and
 * assertions on $all look only at the test's own streams, so it can run against a shared server.
 */
export function eventStoreContract(name: string, make: () => Promise<EventStore>, dispose: (s: EventStore) => Promise<void> = (s) => s.close()): void {
  describe(`EventStore contract: ${name}`, function () {
    this.timeout(10000);
    let store: EventStore;

    beforeEach(async () => {
      store = await make();
    });

    afterEach(async () => {
      await dispose(store);
    });

    const newStream = (): string => `contract_test-${randomUUID()}`;
    const event = (type: string, data: Record<string, unknown> = {}, id?: string): EventData => ({
      type,
      data,
      metadata: { correlationId: `corr-${type}`, causationId: `cause-${type}`, storefrontId: 'sf-1' },
      ...(id === undefined ? {} : { id }),
    });

    async function expectConflict(append: Promise<unknown>, streamId: string): Promise<WrongExpectedRevision> {
      const error = await append.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, 'append should have been rejected').to.be.instanceOf(WrongExpectedRevision);
      expect((error as WrongExpectedRevision).streamId).to.equal(streamId);
      return error as WrongExpectedRevision;
    }

    describe('append and readStream', () => {
      it("appends to a new stream with 'no_stream' and reads the events back", async () => {
        const streamId = newStream();
        const givenId = randomUUID();
        const result = await store.append(
          streamId,
          [event('TripBooked', { tripId: 't-1', seats: 2 }, givenId), event('SeatHeld', { seat: '4A' }), event('Paid', { amount: '10.50' })],
          'no_stream',
        );

        const read = await store.readStream(streamId);
        expect(read.map((e) => e.type)).to.deep.equal(['TripBooked', 'SeatHeld', 'Paid']);
        expect(read.map((e) => e.data)).to.deep.equal([{ tripId: 't-1', seats: 2 }, { seat: '4A' }, { amount: '10.50' }]);
        expect(read[0].metadata).to.deep.equal({ correlationId: 'corr-TripBooked', causationId: 'cause-TripBooked', storefrontId: 'sf-1' });
        expect(read.map((e) => e.revision)).to.deep.equal([0, 1, 2]);
        expect(read.every((e) => e.streamId === streamId)).to.equal(true);
        expect(read[0].id).to.equal(givenId);
        expect(new Set(read.map((e) => e.id)).size).to.equal(3);
        expect(read[1].position).to.be.greaterThan(read[0].position);
        expect(read[2].position).to.be.greaterThan(read[1].position);
        expect(read[0].position).to.be.at.least(0);
        for (const e of read) expect(new Date(e.recordedAt).toISOString()).to.equal(e.recordedAt);
        expect(result).to.deep.equal({ revision: 2, position: read[2].position });
      });

      it('keeps events without metadata readable with empty metadata', async () => {
        const streamId = newStream();
        await store.append(streamId, [{ type: 'Bare', data: { n: 1 } }], 'no_stream');
        const [read] = await store.readStream(streamId);
        expect(read.metadata).to.deep.equal({});
      });

      it("rejects 'no_stream' when the stream exists", async () => {
        const streamId = newStream();
        await store.append(streamId, [event('A')], 'no_stream');

        const error = await expectConflict(store.append(streamId, [event('B')], 'no_stream'), streamId);
        expect(error.expected).to.equal('no_stream');
        expect(error.actual).to.equal(0);
        expect(await store.readStream(streamId)).to.have.length(1);
      });

      it('appends at the exact revision and rejects a stale one', async () => {
        const streamId = newStream();
        await store.append(streamId, [event('A'), event('B')], 'no_stream');

        const result = await store.append(streamId, [event('C')], 1);
        expect(result.revision).to.equal(2);

        const error = await expectConflict(store.append(streamId, [event('D')], 1), streamId);
        expect(error.expected).to.equal(1);
        expect(error.actual).to.equal(2);

        const missing = newStream();
        const onMissing = await expectConflict(store.append(missing, [event('E')], 0), missing);
        expect(onMissing.actual).to.equal('no_stream');
      });

      it('lets exactly one of two concurrent appends at the same revision through', async () => {
        const streamId = newStream();
        await store.append(streamId, [event('Opened')], 'no_stream');

        const outcomes = await Promise.allSettled([store.append(streamId, [event('First')], 0), store.append(streamId, [event('Second')], 0)]);

        expect(outcomes.filter((o) => o.status === 'fulfilled')).to.have.length(1);
        const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(rejected).to.have.length(1);
        expect(rejected[0].reason).to.be.instanceOf(WrongExpectedRevision);
        expect(await store.readStream(streamId)).to.have.length(2);
      });

      it('answers many appends sent at once each with its own revision and position, and a conflict among them fails only its own', async () => {
        const streams = Array.from({ length: 20 }, newStream);
        const contested = newStream();
        await store.append(contested, [event('Opened')], 'no_stream');

        const outcomes = await Promise.allSettled([
          ...streams.map((streamId) => store.append(streamId, [event('A'), event('B')], 'no_stream')),
          store.append(contested, [event('Stale')], 5),
        ]);

        const answered = outcomes.slice(0, streams.length).map((o) => (o as PromiseFulfilledResult<{ revision: number; position: number }>).value);
        expect(answered.every((result) => result.revision === 1)).to.equal(true);
        expect(new Set(answered.map((result) => result.position)).size).to.equal(streams.length);
        expect(outcomes[streams.length].status).to.equal('rejected');
        for (const [i, streamId] of streams.entries()) {
          const read = await store.readStream(streamId);
          expect(read.map((e) => e.type)).to.deep.equal(['A', 'B']);
          expect(read[1].position).to.equal(answered[i].position);
        }
        expect(await store.readStream(contested)).to.have.length(1);
      });

      it("appends with 'any' whether or not the stream exists", async () => {
        const streamId = newStream();
        const first = await store.append(streamId, [event('A')], 'any');
        const second = await store.append(streamId, [event('B'), event('C')], 'any');

        expect(first.revision).to.equal(0);
        expect(second.revision).to.equal(2);
        expect((await store.readStream(streamId)).map((e) => e.type)).to.deep.equal(['A', 'B', 'C']);
      });

      it('reads a missing stream as empty', async () => {
        expect(await store.readStream(newStream())).to.deep.equal([]);
      });

      it('reads a stream from a revision on: that event and every later one', async () => {
        const streamId = newStream();
        await store.append(streamId, [event('A'), event('B'), event('C'), event('D')], 'no_stream');
        const whole = await store.readStream(streamId);

        const tail = await store.readStream(streamId, { fromRevision: 2 });
        expect(tail.map((e) => e.type)).to.deep.equal(['C', 'D']);
        expect(tail.map((e) => e.revision)).to.deep.equal([2, 3]);
        expect(tail).to.deep.equal(whole.slice(2));
        expect(await store.readStream(streamId, { fromRevision: 0 })).to.deep.equal(whole);
        expect(await store.readStream(streamId, {})).to.deep.equal(whole);
      });

      it('reads nothing from a revision past the end, or of a missing stream', async () => {
        const streamId = newStream();
        await store.append(streamId, [event('A'), event('B')], 'no_stream');
        expect(await store.readStream(streamId, { fromRevision: 2 })).to.deep.equal([]);
        expect(await store.readStream(streamId, { fromRevision: 100 })).to.deep.equal([]);
        expect(await store.readStream(newStream(), { fromRevision: 3 })).to.deep.equal([]);

        await store.append(streamId, [event('C')], 1);
        expect((await store.readStream(streamId, { fromRevision: 2 })).map((e) => e.type)).to.deep.equal(['C']);
      });

      it('writes nothing of a batch that fails', async () => {
        const fresh = newStream();
        await expectConflict(store.append(fresh, [event('A'), event('B'), event('C')], 0), fresh);
        expect(await store.readStream(fresh)).to.deep.equal([]);

        const existing = newStream();
        await store.append(existing, [event('A')], 'no_stream');
        await expectConflict(store.append(existing, [event('B'), event('C')], 'no_stream'), existing);
        expect((await store.readStream(existing)).map((e) => e.type)).to.deep.equal(['A']);
      });
    });

    describe('idempotent appends', () => {
      it('returns the original result for a repeated append with the same event ids', async () => {
        const streamId = newStream();
        const batch = [event('A', {}, randomUUID()), event('B', {}, randomUUID())];
        const original = await store.append(streamId, batch, 'no_stream');

        expect(await store.append(streamId, batch, 'no_stream')).to.deep.equal(original);
        expect(await store.readStream(streamId)).to.have.length(2);

        await store.append(streamId, [event('C')], 1);
        expect(await store.append(streamId, batch, 'no_stream')).to.deep.equal(original);
        expect((await store.readStream(streamId)).map((e) => e.type)).to.deep.equal(['A', 'B', 'C']);
      });

      it('rejects a retry whose ids only partly match what was written', async () => {
        const streamId = newStream();
        const batch = [event('A', {}, randomUUID()), event('B', {}, randomUUID())];
        await store.append(streamId, batch, 'no_stream');

        await expectConflict(store.append(streamId, [batch[0], event('X', {}, randomUUID())], 'no_stream'), streamId);
        expect((await store.readStream(streamId)).map((e) => e.type)).to.deep.equal(['A', 'B']);
      });
    });

    describe('readAll', () => {
      it('returns only events after the given position, in position order across streams', async () => {
        const head = await store.headPosition();
        const a = newStream();
        const b = newStream();
        await store.append(a, [event('A1')], 'no_stream');
        await store.append(b, [event('B1'), event('B2')], 'no_stream');
        await store.append(a, [event('A2')], 0);

        const all = await store.readAll(head);
        expect(all.length).to.be.at.least(4);
        expect(all[0].position).to.be.greaterThan(head);
        for (let i = 1; i < all.length; i++) expect(all[i].position).to.be.greaterThan(all[i - 1].position);
        const ours = all.filter((e) => e.streamId === a || e.streamId === b);
        expect(ours.map((e) => e.type)).to.deep.equal(['A1', 'B1', 'B2', 'A2']);
        expect(ours[0].metadata.correlationId).to.equal('corr-A1');

        const afterA1 = await store.readAll(ours[0].position);
        expect(afterA1.filter((e) => e.streamId === a || e.streamId === b).map((e) => e.type)).to.deep.equal(['B1', 'B2', 'A2']);

        const limited = await store.readAll(head, 2);
        expect(limited.map((e) => e.id)).to.deep.equal(all.slice(0, 2).map((e) => e.id));
      });

      it('reads from the start with -1', async () => {
        const streamId = newStream();
        await store.append(streamId, [event('A')], 'no_stream');
        const all = await store.readAll(-1);
        expect(all.some((e) => e.streamId === streamId)).to.equal(true);
        expect(all[0].position).to.be.at.least(0);
      });
    });

    describe('headPosition', () => {
      it('moves to the newest event', async () => {
        const before = await store.headPosition();
        expect(before).to.be.at.least(-1);
        const result = await store.append(newStream(), [event('A'), event('B')], 'no_stream');
        const after = await store.headPosition();
        expect(after).to.be.greaterThan(before);
        expect(after).to.be.at.least(result.position);
      });
    });

    describe('subscribeToAll', () => {
      it('catches up after a position, then delivers live events in order, until closed', async () => {
        const streamId = newStream();
        await store.append(streamId, [event('A'), event('B')], 'no_stream');
        const [first] = await store.readStream(streamId);

        const seen: RecordedEvent[] = [];
        const subscription = store.subscribeToAll(first.position, (e) => {
          if (e.streamId === streamId) seen.push(e);
        });
        await until(() => seen.length === 1);
        await store.append(streamId, [event('C'), event('D')], 1);
        await until(() => seen.length === 3);

        expect(seen.map((e) => e.type)).to.deep.equal(['B', 'C', 'D']);
        expect(seen.map((e) => e.revision)).to.deep.equal([1, 2, 3]);
        expect(seen[0].data).to.deep.equal({});
        expect(seen[0].metadata.correlationId).to.equal('corr-B');

        await subscription.close();
        await store.append(streamId, [event('E')], 3);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(seen).to.have.length(3);
      });

      it('awaits each handler call before delivering the next event', async () => {
        const streamId = newStream();
        const before = await store.headPosition();
        let inFlight = 0;
        let maxInFlight = 0;
        const seen: string[] = [];
        const subscription = store.subscribeToAll(before, async (e) => {
          if (e.streamId !== streamId) return;
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          await new Promise((resolve) => setTimeout(resolve, 5));
          seen.push(e.type);
          inFlight -= 1;
        });
        try {
          await store.append(streamId, [event('A'), event('B'), event('C')], 'no_stream');
          await until(() => seen.length === 3);
          expect(seen).to.deep.equal(['A', 'B', 'C']);
          expect(maxInFlight).to.equal(1);
        } finally {
          await subscription.close();
        }
      });

      it('retries the event a handler failed on, without skipping or repeating others', async () => {
        const streamId = newStream();
        const before = await store.headPosition();
        const consoleError = sinon.stub(console, 'error');
        const attempts = new Map<string, number>();
        const seen: string[] = [];
        const subscription = store.subscribeToAll(before, (e) => {
          if (e.streamId !== streamId) return;
          const attempt = (attempts.get(e.type) ?? 0) + 1;
          attempts.set(e.type, attempt);
          if (e.type === 'A' && attempt < 3) throw new Error('projection store unavailable');
          seen.push(e.type);
        });
        try {
          await store.append(streamId, [event('A'), event('B')], 'no_stream');
          await until(() => seen.length === 2);
          expect(seen).to.deep.equal(['A', 'B']);
          expect(attempts.get('A')).to.equal(3);
          expect(attempts.get('B')).to.equal(1);
          const handlerFailures = consoleError.getCalls().filter((c) => String(c.args[0]).includes('handler failed'));
          expect(handlerFailures).to.have.length(1);
        } finally {
          consoleError.restore();
          await subscription.close();
        }
      });
    });
  });
}
