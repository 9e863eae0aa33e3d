import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { EventStore } from '../../application/platform/ports/event-store';
import { EsdbEventStore } from '../../infra/event-store/esdb-event-store';
import { SqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { eventStoreContract } from './event-store.contract';

const REACH_TIMEOUT_MS = 5000;

const sqliteDirs = new Map<EventStore, string>();

eventStoreContract(
  'SQLite',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'event-store-contract-'));
    const store = new SqliteEventStore(join(dir, 'events.db'));
    sqliteDirs.set(store, dir);
    return store;
  },
  async (store) => {
    await store.close();
    const dir = sqliteDirs.get(store);
    sqliteDirs.delete(store);
    if (dir) rmSync(dir, { recursive: true, force: true });
  },
);

const eventStoreUrl = process.env.EVENTSTORE_URL;

if (!eventStoreUrl) {
  describe('EventStore contract: EventStoreDB', function () {
    it('runs against the server at EVENTSTORE_URL', function () {
      console.log('  skipped: EVENTSTORE_URL is not set, EventStoreDB contract not run');
      this.skip();
    });
  });
} else {
  const url = eventStoreUrl;
  describe('EventStoreDB at EVENTSTORE_URL', function () {
    before(async function () {
      this.timeout(REACH_TIMEOUT_MS + 5000);
      const failure = await reachFailure(url);
      if (failure !== undefined) {
        // The URL is not printed: it may carry credentials.
        console.log(
          `  skipped: EventStoreDB at EVENTSTORE_URL could not be reached in ${REACH_TIMEOUT_MS / 1000} s ` + `(${failure}), EventStoreDB contract not run`,
        );
        this.skip();
      }
    });

    eventStoreContract('EventStoreDB', async () => new EsdbEventStore(url));
  });
}

/** Why the server could not answer a read in time, or undefined when it did. */
async function reachFailure(url: string): Promise<string | undefined> {
  let store: EsdbEventStore;
  try {
    store = new EsdbEventStore(url);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), REACH_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      store.headPosition().then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
    await store.close();
  }
}
