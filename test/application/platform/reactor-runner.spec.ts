import { expect } from 'chai';
import sinon from 'sinon';
import { ReactorRunner } from '../../../application/platform/processing/reactor-runner';
import { ProjectionRunner } from '../../../application/platform/processing/runner';
import { Checkpoints, documentCheckpoints } from '../../../application/platform/processing/checkpoints';
import { defineReactor } from '../../../application/platform/processing/reactor';
import type { Projector } from '../../../application/platform/processing/projector';
import type { Platform } from '../../../application/platform/platform';
import type { RecordedEvent } from '../../../application/platform/ports/event-store';
import type { Event } from '../../../domain/shared/decider';
import { SqliteEventStore } from '../../../infra/event-store/sqlite-event-store';
import { MemoryDocumentStore } from '../../../infra/documents/memory-document-store';
import { testPlatform } from '../test-platform';

interface Logged {
  message: string;
  fields: Record<string, unknown>;
}

function platformFor(events: SqliteEventStore, docs: MemoryDocumentStore, logged: Logged[] = []): Platform {
  return testPlatform(events, docs, {
    log: {
      info: () => undefined,
      error: (message, fields = {}) => {
        logged.push({ message, fields });
      },
    },
  });
}

/** A reactor that records what it saw, so a test can say what ran and how often. */
function recording(name: string, seen: number[], fail: (event: Pick<RecordedEvent, 'position'>) => boolean = () => false) {
  return defineReactor<Counted>(name, {
    Counted: async (event) => {
      if (fail(event)) throw new Error(`${name} cannot take ${event.position} yet`);
      seen.push(event.position);
    },
  });
}

type Counted = Event<'Counted', { key: string; n: number }>;

const counted = (n: number) => ({ type: 'Counted', data: { key: 'a', n } });

describe('reactor runner', () => {
  let events: SqliteEventStore;
  let docs: MemoryDocumentStore;
  let checkpoints: Checkpoints;

  beforeEach(() => {
    events = new SqliteEventStore(':memory:');
    docs = new MemoryDocumentStore();
    checkpoints = documentCheckpoints(docs, 'reactor_checkpoints');
  });
  afterEach(() => events.close());

  it('given a reactor with a checkpoint, when events are appended, it handles each once after the append and resumes after a restart', async () => {
    const seen: number[] = [];
    await checkpoints.save('counter-mail', -1);
    const two = await events.append('c-1', [counted(1), counted(2)], 'no_stream');
    const first = new ReactorRunner(events, checkpoints, [recording('counter-mail', seen)], platformFor(events, docs));
    await first.start();
    expect(await first.catchUp()).to.equal(true);
    await first.stop();
    expect(seen).to.deep.equal([two.position - 1, two.position]);
    expect(await checkpoints.load('counter-mail')).to.equal(two.position);

    const third = await events.append('c-1', [counted(3)], 1);
    const second = new ReactorRunner(events, checkpoints, [recording('counter-mail', seen)], platformFor(events, docs));
    await second.start();
    await second.catchUp();
    await second.stop();
    expect(seen).to.deep.equal([two.position - 1, two.position, third.position]);
  });

  it('given a new reactor on an existing log, it reacts to what comes after it started, not to the history', async () => {
    const seen: number[] = [];
    const history = await events.append('c-1', [counted(1)], 'no_stream');
    const runner = new ReactorRunner(events, checkpoints, [recording('late', seen)], platformFor(events, docs));
    await runner.start();
    expect(await checkpoints.load('late')).to.equal(history.position);
    const appended = await events.append('c-1', [counted(2)], 0);
    expect(await runner.waitFor('late', appended.position)).to.equal(true);
    await runner.stop();
    expect(seen).to.deep.equal([appended.position]);
  });

  describe('with a failing reactor', () => {
    let clock: sinon.SinonFakeTimers;
    beforeEach(() => {
      clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    });
    afterEach(() => clock.restore());

    it('retries it with backoff (100 ms doubling) while the other reactors and the projections go on', async () => {
      const logged: Logged[] = [];
      const failing: number[] = [];
      const healthy: number[] = [];
      let failures = 0;
      await checkpoints.save('flaky', -1);
      await checkpoints.save('steady', -1);
      const counter: Projector = {
        name: 'counter',
        collections: { counts: [] },
        handlers: {
          Counted: (e) => [{ collection: 'counts', updateOne: { filter: { _id: e.data.key }, update: { $set: { last: e.data.n } }, upsert: true } }],
        },
      };
      const projections = new ProjectionRunner(events, docs, [counter]);
      await projections.start();
      const runner = new ReactorRunner(
        events,
        checkpoints,
        [recording('flaky', failing, () => ++failures <= 4), recording('steady', healthy)],
        platformFor(events, docs, logged),
      );
      await runner.start();
      const { position } = await events.append('c-1', [counted(1), counted(2)], 'no_stream');
      const both = [position - 1, position];

      await clock.tickAsync(0);
      expect(projections.position).to.equal(position);
      expect(healthy).to.deep.equal(both);
      expect(failing).to.deep.equal([]);
      await clock.tickAsync(100 + 200 + 400 + 800);
      expect(failing).to.deep.equal(both);
      expect(logged.map((l) => l.fields.retry_in_ms)).to.deep.equal([100, 200, 400, 800]);
      expect(logged.every((l) => l.fields.reader === 'flaky' && l.fields.position === position - 1)).to.equal(true);
      expect(await checkpoints.load('flaky')).to.equal(position);
      await runner.stop();
      await projections.stop();
    });

    it('never waits longer than 30 s between two tries', async () => {
      const logged: Logged[] = [];
      await checkpoints.save('down', -1);
      const runner = new ReactorRunner(events, checkpoints, [recording('down', [], () => true)], platformFor(events, docs, logged));
      await runner.start();
      await events.append('c-1', [counted(1)], 'no_stream');
      await clock.tickAsync(5 * 60_000);
      const delays = logged.map((l) => l.fields.retry_in_ms);
      expect(delays.slice(0, 4)).to.deep.equal([100, 200, 400, 800]);
      expect(Math.max(...(delays as number[]))).to.equal(30_000);
      await runner.stop();
      expect(await checkpoints.load('down')).to.equal(-1);
    });
  });

  it('stops within its grace while a handler hangs, and the next start handles that event again (at least once)', async () => {
    const seen: number[] = [];
    await checkpoints.save('mail', -1);
    const hanging = defineReactor<Counted>('mail', { Counted: () => new Promise<void>(() => undefined) });
    const first = new ReactorRunner(events, checkpoints, [hanging], platformFor(events, docs));
    await first.start();
    const appended = await events.append('c-1', [counted(1)], 'no_stream');
    expect(await first.waitFor('mail', appended.position, 20)).to.equal(false);
    const stopping = Date.now();
    await first.stop();
    expect(Date.now() - stopping).to.be.below(3_000);

    const second = new ReactorRunner(events, checkpoints, [recording('mail', seen)], platformFor(events, docs));
    await second.start();
    expect(await second.waitFor('mail', appended.position)).to.equal(true);
    await second.stop();
    expect(seen).to.deep.equal([appended.position]);
  });
});
