import { expect } from 'chai';
import sinon from 'sinon';
import { ProjectionRunner } from '../../../application/platform/processing/runner';
import type { Projector } from '../../../application/platform/processing/projector';
import { SqliteEventStore } from '../../../infra/event-store/sqlite-event-store';
import { MemoryDocumentStore } from '../../../infra/documents/memory-document-store';
import { replay } from '../../../infra/cli/replay';
import { bookingHistory } from '../../../infra/cli/audit';
import { PROJECTORS } from '../../../infra/engine';
import { DEPARTURES } from '../../../projections/departures/doc';

const counter: Projector = {
  name: 'counter',
  collections: { counts: [] },
  handlers: {
    Counted: (e) => [
      { collection: 'counts', updateOne: { filter: { _id: e.data.key }, update: { $set: { last: e.data.n }, $push: { seen: e.position } }, upsert: true } },
    ],
  },
};

describe('projection runner', () => {
  it('applies the log in order, keeps a checkpoint with the documents and resumes after it', async () => {
    const events = new SqliteEventStore(':memory:');
    const docs = new MemoryDocumentStore();
    await events.append(
      'c-1',
      [
        { type: 'Counted', data: { key: 'a', n: 1 } },
        { type: 'Counted', data: { key: 'a', n: 2 } },
      ],
      'no_stream',
    );
    const first = new ProjectionRunner(events, docs, [counter]);
    await first.start();
    expect(await first.catchUp()).to.equal(true);
    await first.stop();
    const checkpoint = await docs.collection('checkpoints').findOne({ _id: 'counter' });
    expect(checkpoint?.position).to.equal(2);

    await events.append('c-1', [{ type: 'Counted', data: { key: 'a', n: 3 } }], 1);
    const second = new ProjectionRunner(events, docs, [counter]);
    await second.start();
    await second.catchUp();
    await second.stop();
    const doc = await docs.collection('counts').findOne({ _id: 'a' });
    expect(doc?.last).to.equal(3);
    expect(doc?.seen).to.deep.equal([1, 2, 3]);
    await events.close();
  });

  it('never lets a lagging instance undo what a later event wrote (several instances, one MongoDB)', async () => {
    const events = new SqliteEventStore(':memory:');
    const docs = new MemoryDocumentStore();
    await events.append(
      'c-3',
      [1, 2, 3].map((n) => ({ type: 'Counted', data: { key: 'c', n } })),
      'no_stream',
    );
    const leading = new ProjectionRunner(events, docs, [counter]);
    await leading.start();
    await leading.catchUp();
    await leading.stop();
    // A second instance that started before any of this (its checkpoint not yet written) replays from zero.
    await docs.collection('checkpoints').deleteMany({});
    const lagging = new ProjectionRunner(events, docs, [counter]);
    await lagging.start();
    await lagging.catchUp();
    await lagging.stop();
    const doc = await docs.collection('counts').findOne({ _id: 'c' });
    expect(doc?.last).to.equal(3);
    expect(doc?.seen).to.deep.equal([1, 2, 3]);
    expect((await docs.collection('checkpoints').findOne({ _id: 'counter' }))?.position).to.equal(3);
    await events.close();
  });

  describe('as the sole writer of its documents (the embedded store)', () => {
    /** Counted events push their position into one collection, then set the count in another. */
    const twoWrites: Projector = {
      name: 'two-writes',
      collections: { lasts: [], seen: [] },
      handlers: {
        Counted: (e) => [
          { collection: 'seen', updateOne: { filter: { _id: e.data.key }, update: { $push: { positions: e.position } }, upsert: true } },
          { collection: 'lasts', updateOne: { filter: { _id: e.data.key }, update: { $set: { last: e.data.n } }, upsert: true } },
        ],
      },
    };

    it('writes a repeatable write straight to its document, and keeps the guard on a push', async () => {
      const events = new SqliteEventStore(':memory:');
      const docs = new MemoryDocumentStore();
      const lasts = sinon.spy(docs.collection('lasts'), 'updateOne');
      const seen = sinon.spy(docs.collection('seen'), 'updateOne');
      await events.append('c-9', [{ type: 'Counted', data: { key: 'k', n: 1 } }], 'no_stream');
      const runner = new ProjectionRunner(events, docs, [twoWrites], '', { soleWriter: true });
      await runner.start();
      await runner.catchUp();
      await runner.stop();
      expect(lasts.firstCall.args[0]).to.deep.equal({ _id: 'k' });
      expect(seen.firstCall.args[0]).to.have.property('$and');
      sinon.restore();
      await events.close();
    });

    it('pushes once when an event is tried again after a write after the push failed', async () => {
      const events = new SqliteEventStore(':memory:');
      const docs = new MemoryDocumentStore();
      const lasts = docs.collection('lasts');
      const original = lasts.updateOne.bind(lasts);
      let failures = 1;
      sinon.stub(lasts, 'updateOne').callsFake(async (...args: Parameters<typeof original>) => {
        const result = await original(...args);
        if (failures-- > 0) throw new Error('the store went away for a moment');
        return result;
      });
      await events.append('c-8', [{ type: 'Counted', data: { key: 'k', n: 1 } }], 'no_stream');
      const runner = new ProjectionRunner(events, docs, [twoWrites], '', {
        soleWriter: true,
        backoff: { firstMs: 1, maxMs: 1 },
        log: { info: () => undefined, error: () => undefined },
      });
      await runner.start();
      await runner.catchUp();
      await runner.stop();
      expect((await docs.collection('seen').findOne({ _id: 'k' }))?.positions).to.deep.equal([1]);
      expect((await lasts.findOne({ _id: 'k' }))?.last).to.equal(1);
      sinon.restore();
      await events.close();
    });
  });

  it('waits for a position (read-your-writes) and gives up after its timeout', async () => {
    const events = new SqliteEventStore(':memory:');
    const docs = new MemoryDocumentStore();
    const runner = new ProjectionRunner(events, docs, [counter]);
    await runner.start();
    const appended = await events.append('c-2', [{ type: 'Counted', data: { key: 'b', n: 1 } }], 'no_stream');
    expect(await runner.waitFor(appended.position)).to.equal(true);
    expect((await docs.collection('counts').findOne({ _id: 'b' }))?.last).to.equal(1);
    expect(await runner.waitFor(appended.position + 10, 20)).to.equal(false);
    await runner.stop();
    await events.close();
  });

  it('rebuilds every projection from position zero into fresh collections equal to the live ones', async () => {
    const events = new SqliteEventStore(':memory:');
    const docs = new MemoryDocumentStore();
    await events.append(
      'departure-o-2026-12-01T09:00',
      [
        { type: 'PlacesHeld', data: { ref: 'TP-AAAA-AAAA', optionId: 'o', start: '2026-12-01T09:00', places: 2, expiresAt: '2026-11-30T10:00:00.000Z' } },
        { type: 'PlacesBooked', data: { ref: 'TP-AAAA-AAAA' } },
      ],
      'no_stream',
    );
    const live = new ProjectionRunner(events, docs, PROJECTORS);
    await live.start();
    await live.catchUp();
    await live.stop();
    const reports = await replay(events, docs, 'rebuilt_');
    expect(reports.every((r) => r.differing.length === 0)).to.equal(true);
    expect(reports.find((r) => r.collection === DEPARTURES)).to.include({ live: 1, rebuilt: 1 });
    expect(await docs.listCollections()).not.to.include(`rebuilt_${DEPARTURES}`);

    await docs.collection(DEPARTURES).updateOne({ _id: 'departure-o-2026-12-01T09:00' }, { $set: { start: 'tampered' } });
    const after = await replay(events, docs, 'again_');
    expect(after.find((r) => r.collection === DEPARTURES)?.differing).to.deep.equal(['departure-o-2026-12-01T09:00']);
    await events.close();
  });

  it('gives an auditor a booking history in log order: hold, departure, booking and payment events', async () => {
    const events = new SqliteEventStore(':memory:');
    const ref = 'TP-BBBB-BBBB';
    await events.append(
      'departure-o-2026-12-01T09:00',
      [
        { type: 'PlacesHeld', data: { ref: 'TP-OTHR-OTHR', optionId: 'o', start: '2026-12-01T09:00', places: 1, expiresAt: 'x' } },
        { type: 'PlacesHeld', data: { ref, optionId: 'o', start: '2026-12-01T09:00', places: 2, expiresAt: 'x' } },
      ],
      'no_stream',
    );
    await events.append(`hold-${ref}`, [{ type: 'HoldPlaced', data: { ref, optionId: 'o', start: '2026-12-01T09:00' } }], 'no_stream');
    await events.append(
      `booking-${ref}`,
      [
        { type: 'BookingPlaced', data: { ref } },
        { type: 'BookingConfirmed', data: { ref } },
      ],
      'no_stream',
    );
    await events.append(`payment-${ref}`, [{ type: 'PaymentArranged', data: { ref } }], 'no_stream');
    const history = await bookingHistory(events, ref);
    expect(history.map((e) => e.type)).to.deep.equal(['PlacesHeld', 'HoldPlaced', 'BookingPlaced', 'BookingConfirmed', 'PaymentArranged']);
    expect(history.every((e) => e.data.ref === ref)).to.equal(true);
    await events.close();
  });
});
