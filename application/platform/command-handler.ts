import { isDeepStrictEqual } from 'node:util';
import type { Decider, DomainEvent } from '../../domain/shared/decider';
import { Refusal, isRefusal } from '../../domain/shared/refusal';
import type { Doc, DocumentStore } from './ports/document-store';
import { EventMetadata, EventStore, RecordedEvent, WrongExpectedRevision } from './ports/event-store';
import type { Logger } from './ports/logger';
import { keepNewest } from './bounded-map';
import { uuidFromName } from './secrets';

export interface Handled<E, S> {
  /** Events this command appended; [] when the decision was that nothing changes. */
  events: E[];
  /** The aggregate after the command, so callers need not load the stream again. */
  state: S;
  /** Log position of the stream's newest event after the command: what read-your-writes waits for. */
  position: number;
}

export interface Loaded<S> {
  state: S;
  /** Revision of the stream's newest event, 'no_stream' when it has none. */
  revision: number | 'no_stream';
  /** Log position of the stream's newest event, -1 when it has none. */
  position: number;
}

/**
 * What a decider's saved state is filed under. Bump `version` whenever its state or evolve
 * changes shape or meaning: snapshots of other versions are then ignored.
 */
export interface SnapshotName {
  name: string;
  version: number;
}

/** A decider whose state may be snapshotted; deciders without `snapshot` are only cached in memory. */
export type SnapshotDecider<C, E extends DomainEvent, S> = Decider<C, E, S> & { snapshot?: SnapshotName };

export interface CommandHandlerOptions {
  /** How many streams' states stay in memory; the least recently used go first. */
  cacheSize?: number;
  /** Where snapshots go: derived data, which may be dropped at any time. */
  snapshots?: DocumentStore;
  /** A snapshot is saved once a stream has grown this many events past its last one. */
  snapshotEvery?: number;
  log?: Logger;
}

export const SNAPSHOTS_COLLECTION = 'snapshots';

interface SnapshotDoc extends Doc {
  revision: number;
  position: number;
  /** The state as JSON text, so field names a document store reserves ('$', '.') cannot break it. */
  state: string;
}

interface Cached<S> extends Loaded<S> {
  /** Revision of the newest snapshot of this state, -1 when there is none. */
  snapshotRevision: number;
}

const MAX_ATTEMPTS = 50;
const DEFAULT_CACHE_SIZE = 10_000;
const DEFAULT_SNAPSHOT_EVERY = 500;

/**
 * Load a stream, decide, append with the revision read; on a conflict load and decide again.
 * Each stream's state and revision stay cached per decider, so a command reads only the
 * events appended since (by this process or another): a command costs the same on a long
 * stream as on a new one. Commands for one stream in this process also queue behind each
 * other, so that a burst on one departure does not turn into a storm of retries.
 */
export class CommandHandler {
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Map order is use order: the first entry is the least recently used. */
  private readonly cache = new Map<string, Cached<unknown>>();
  private readonly deciderIds = new WeakMap<object, number>();
  private nextDeciderId = 0;
  private readonly cacheSize: number;
  private readonly snapshotEvery: number;

  constructor(
    private readonly store: EventStore,
    private readonly options: CommandHandlerOptions = {},
  ) {
    this.cacheSize = options.cacheSize ?? DEFAULT_CACHE_SIZE;
    this.snapshotEvery = options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
  }

  /** The stream's state for this decider: what is cached (or else its snapshot) and the events appended after it. */
  async load<S, E extends DomainEvent>(streamId: string, decider: SnapshotDecider<never, E, S>): Promise<Loaded<S>> {
    const key = this.cacheKey(streamId, decider);
    const known = (this.cache.get(key) as Cached<S> | undefined) ??
      (await this.readSnapshot<S>(streamId, decider.snapshot)) ?? {
        state: decider.initialState(),
        revision: 'no_stream',
        position: -1,
        snapshotRevision: -1,
      };
    const fromRevision = known.revision === 'no_stream' ? 0 : known.revision + 1;
    const tail = await this.store.readStream(streamId, { fromRevision });
    const current = tail.length === 0 ? known : { ...known, ...this.fold(known.state, tail, decider) };
    this.remember(key, current);
    await this.maybeSnapshot(streamId, decider.snapshot, current);
    return { state: current.state, revision: current.revision, position: current.position };
  }

  /**
   * `expectNew`: the stream was named just now (a new ref), so it is decided on from the decider's
   * initial state without reading the log; should it exist after all, the append's expected
   * revision fails and the command is decided again on what is read. Not for commands that carry
   * an idempotency key: their retry must be decided on what the first attempt appended.
   */
  handle<C, E extends DomainEvent, S>(
    streamId: string,
    decider: SnapshotDecider<C, E, S>,
    command: C,
    metadata: EventMetadata,
    options: { expectNew?: boolean } = {},
  ): Promise<Handled<E, S> | Refusal> {
    const previous = this.queues.get(streamId) ?? Promise.resolve();
    const expectNew = options.expectNew === true && metadata.commandId === undefined;
    const run = previous.then(() => this.decideAndAppend(streamId, decider, command, metadata, expectNew));
    const settled = run.catch(() => undefined);
    this.queues.set(streamId, settled);
    void settled.then(() => {
      if (this.queues.get(streamId) === settled) this.queues.delete(streamId);
    });
    return run;
  }

  private async decideAndAppend<C, E extends DomainEvent, S>(
    streamId: string,
    decider: SnapshotDecider<C, E, S>,
    command: C,
    metadata: EventMetadata,
    expectNew: boolean,
  ): Promise<Handled<E, S> | Refusal> {
    for (let attempt = 1; ; attempt++) {
      const unread = attempt === 1 && expectNew && !this.cache.has(this.cacheKey(streamId, decider));
      // After a conflict this reads what the other writer appended since the cached revision.
      const { state, revision, position } = unread ? newStream(decider) : await this.load(streamId, decider);
      const decided = decider.decide(command, state);
      if (isRefusal(decided)) return decided;
      if (decided.length === 0) return { events: [], state, position };
      try {
        const result = await this.store.append(
          streamId,
          decided.map((e, i) => ({
            type: e.type,
            data: e.data as Record<string, unknown>,
            metadata,
            // A command repeated under the same idempotency key yields the same event ids, which the store appends once.
            id: metadata.commandId ? uuidFromName(`${metadata.commandId}:${streamId}:${i}`) : undefined,
          })),
          revision,
        );
        const after = decided.reduce(decider.evolve, state);
        const key = this.cacheKey(streamId, decider);
        const known = this.cache.get(key);
        const current: Cached<S> = {
          state: after,
          revision: result.revision,
          position: result.position,
          snapshotRevision: known?.snapshotRevision ?? -1,
        };
        this.remember(key, current);
        await this.maybeSnapshot(streamId, decider.snapshot, current);
        return { events: decided, state: after, position: result.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private fold<S, E extends DomainEvent>(state: S, events: RecordedEvent[], decider: Decider<never, E, S>): Loaded<S> {
    const folded = events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), state);
    const last = events[events.length - 1];
    return { state: folded, revision: last.revision, position: last.position };
  }

  private cacheKey(streamId: string, decider: object): string {
    let id = this.deciderIds.get(decider);
    if (id === undefined) {
      id = this.nextDeciderId++;
      this.deciderIds.set(decider, id);
    }
    return `${id}:${streamId}`;
  }

  /**
   * Keeps the newer of what is cached and `entry`: a read that raced an append must not undo it.
   * Streams with no events are not kept, so lookups of unknown refs cannot push real states out.
   */
  private remember<S>(key: string, entry: Cached<S>): void {
    if (entry.revision === 'no_stream') return;
    const cached = this.cache.get(key);
    this.cache.delete(key);
    const newer = cached !== undefined && revisionOf(cached) > revisionOf(entry) ? cached : entry;
    this.cache.set(key, newer);
    keepNewest(this.cache, this.cacheSize);
  }

  private async readSnapshot<S>(streamId: string, name: SnapshotName | undefined): Promise<Cached<S> | undefined> {
    if (!this.options.snapshots || !name) return undefined;
    try {
      const doc = await this.options.snapshots.collection<SnapshotDoc>(SNAPSHOTS_COLLECTION).findOne({ _id: snapshotId(streamId, name) });
      if (!doc) return undefined;
      return { state: JSON.parse(doc.state) as S, revision: doc.revision, position: doc.position, snapshotRevision: doc.revision };
    } catch (error) {
      // A snapshot only saves reading; without it the stream is read from its start.
      this.options.log?.error('snapshot not read', { stream: streamId, error: String(error) });
      return undefined;
    }
  }

  private async maybeSnapshot<S>(streamId: string, name: SnapshotName | undefined, entry: Cached<S>): Promise<void> {
    if (!this.options.snapshots || !name || entry.revision === 'no_stream') return;
    if (entry.revision - entry.snapshotRevision < this.snapshotEvery) return;
    entry.snapshotRevision = entry.revision;
    const json = JSON.stringify(entry.state);
    // A state JSON cannot carry as it is (a Date, a Map, an undefined field) would come back different.
    if (!isDeepStrictEqual(JSON.parse(json), entry.state)) {
      this.options.log?.error('snapshot not saved: the state does not survive JSON', { stream: streamId, decider: name.name });
      return;
    }
    const doc: SnapshotDoc = { _id: snapshotId(streamId, name), revision: entry.revision, position: entry.position, state: json };
    try {
      await this.options.snapshots.collection<SnapshotDoc>(SNAPSHOTS_COLLECTION).replaceOne({ _id: doc._id }, doc, { upsert: true });
    } catch (error) {
      // The command stands; the next snapshot is tried after another `snapshotEvery` events.
      this.options.log?.error('snapshot not saved', { stream: streamId, error: String(error) });
    }
  }
}

function newStream<S>(decider: { initialState(): S }): Loaded<S> {
  return { state: decider.initialState(), revision: 'no_stream', position: -1 };
}

function revisionOf(entry: Loaded<unknown>): number {
  return entry.revision === 'no_stream' ? -1 : entry.revision;
}

function snapshotId(streamId: string, name: SnapshotName): string {
  return `${name.name}@${name.version}:${streamId}`;
}
