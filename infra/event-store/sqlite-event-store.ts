import { timeOrderedEventId } from './event-ids';
import { SqliteSubscription } from './sqlite-subscription';
import { type StreamTip, StreamIndex } from './stream-index';
import { WalCheckpointer } from './wal-checkpointer';
import { keepNewest } from '../../application/platform/bounded-map';
import Database from 'better-sqlite3';
import {
  AppendResult,
  EventData,
  EventHandler,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  ReadStreamOptions,
  RecordedEvent,
  Subscription,
  WrongExpectedRevision,
} from '../../application/platform/ports/event-store';

const SUBSCRIPTION_BATCH_SIZE = 500;
/** Events appended by this process kept parsed for its readers of the log (projections and every reactor). */
const RECENT_EVENTS = 4096;
/** Appends after which a log gets its own checkpoint thread. */
const CHECKPOINT_THREAD_AFTER = 1_000;
/** SQLite's own default, restored if the checkpoint thread ends. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
// Lets another process holding the write lock finish instead of failing at once with SQLITE_BUSY.
const BUSY_TIMEOUT_MS = 5000;

interface EventRow {
  position: number;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
}

interface EventLocationRow {
  stream_id: string;
  revision: number;
  position: number;
}

type InsertParams = [string, string, number, string, string, string, string];

/** An append waiting for the batch it commits in; `outcome` is set inside that batch's transaction. */
interface PendingAppend {
  streamId: string;
  events: EventData[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
  outcome?: { result: AppendResult; rows: EventRow[] } | { error: unknown };
}

// Taken when the module loads: a test that fakes setImmediate must not hold appends back.
const realSetImmediate = setImmediate;

/** The event log in one SQLite file: an embedded store for a single process or tests. */
export class SqliteEventStore implements EventStore {
  /** Parsed events this process appended lately, by position. */
  private readonly recent = new Map<number, RecordedEvent>();
  /**
   * Where every stream's events are, and the log's head: this process's commits are added as they
   * commit, another connection's when `PRAGMA data_version` shows it wrote (looked at before
   * each batch takes its revisions from the index, and before each read that relies on it).
   */
  private readonly index: StreamIndex;
  /** Tips of streams the batch being committed wrote to: not yet known to hold, until it commits. */
  private batchTips = new Map<string, StreamTip>();
  private dataVersion = -1;
  private readonly selectDataVersion: Database.Statement<[], number>;
  /** Appends waiting for the next commit, which takes all of them in one transaction. */
  private pending: PendingAppend[] = [];

  private readonly db: Database.Database;
  private readonly selectLocationById: Database.Statement<[string], EventLocationRow>;
  private readonly insertEvent: Database.Statement<InsertParams>;
  private readonly selectAt: Database.Statement<[number], EventRow>;
  private readonly selectAfter: Database.Statement<[number, number], EventRow>;
  private readonly selectHead: Database.Statement<[], { position: number | null }>;
  private readonly commitBatch: (batch: PendingAppend[]) => void;
  private readonly subscriptions = new Set<SqliteSubscription>();

  /** Set once the log has grown enough for checkpoints to matter (files only; see WalCheckpointer). */
  private checkpointer: WalCheckpointer | null = null;
  /** Set when the checkpoint thread ended on its own: SQLite checkpoints again and no thread is started anew. */
  private checkpointThreadFailed = false;
  private appendedRows = 0;

  constructor(private readonly filePath: string) {
    this.db = new Database(filePath);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // The indexes of a busy log take random inserts: a page cache that holds them (64 MiB rather than
    // SQLite's 2 MiB) spares a read of the file for most of them.
    this.db.pragma('cache_size = -65536');
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Positions are rowids: events are never deleted, so each new one is one past the last, and
    // AUTOINCREMENT (which logs made before it was dropped still have) would only add a write of
    // its counter's page to every commit. Streams are indexed in memory (StreamIndex says why);
    // logs made before that keep their UNIQUE (stream_id, revision) index, which does no harm.
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY,
        id TEXT UNIQUE NOT NULL,
        stream_id TEXT NOT NULL,
        revision INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT NOT NULL,
        recorded_at TEXT NOT NULL
      )
    `);

    this.selectDataVersion = this.db.prepare<[], number>('PRAGMA data_version').pluck();
    this.selectLocationById = this.db.prepare('SELECT stream_id, revision, position FROM events WHERE id = ?');
    this.insertEvent = this.db.prepare(
      `INSERT INTO events (id, stream_id, revision, type, data, metadata, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.selectAt = this.db.prepare('SELECT * FROM events WHERE position = ?');
    // A negative LIMIT means no limit in SQLite, so one statement serves bounded and unbounded reads.
    this.selectAfter = this.db.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?');
    this.selectHead = this.db.prepare('SELECT MAX(position) AS position FROM events');
    // The version first: a commit by another connection after it is indexed again at the next look, never missed.
    this.dataVersion = this.selectDataVersion.get() as number;
    this.index = new StreamIndex(
      this.db.prepare<[number], [string, number, number]>('SELECT stream_id, revision, position FROM events WHERE position > ? ORDER BY position').raw(),
    );

    // Each append checks its expected revision and ids before it inserts anything, so one that
    // fails (a wrong expected revision) leaves no rows and the others of the batch stand; any
    // other failure aborts the whole transaction, and every append of the batch with it.
    const batch = this.db.transaction((appends: PendingAppend[]) => {
      // Holding the write lock, no other connection commits until this one does: one look serves the batch.
      this.aloneSinceLastLook();
      for (const append of appends) {
        try {
          append.outcome = this.appendRows(append.streamId, append.events, append.expected);
        } catch (error) {
          if (!(error instanceof WrongExpectedRevision)) throw error;
          append.outcome = { error };
        }
      }
    });
    // IMMEDIATE takes the write lock before any revision is read, so a second process cannot
    // slip in between a check and its insert.
    this.commitBatch = batch.immediate;
  }

  /**
   * Appends wait for the next turn of the event loop and commit together: one transaction, and
   * one write to the log file, for every command that reached this point meanwhile. Each is
   * answered only once that transaction has committed, so an answered append is on disk.
   */
  append(streamId: string, events: EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    const ids = events.flatMap((event) => (event.id === undefined ? [] : [event.id]));
    // Caught here, where it fails only this append, rather than by the insert, which fails the batch.
    if (new Set(ids).size !== ids.length) return Promise.reject(new Error(`two events of one append to ${streamId} share an id`));
    return new Promise((resolve, reject) => {
      if (this.pending.length === 0) realSetImmediate(() => this.commitPending());
      this.pending.push({ streamId, events, expected, resolve, reject });
    });
  }

  private commitPending(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    this.batchTips = new Map();
    try {
      this.commitBatch(batch);
    } catch (error) {
      for (const append of batch) append.reject(error);
      return;
    }
    for (const append of batch) if (append.outcome && 'rows' in append.outcome) this.remember(append.outcome.rows);
    this.checkpointWhenBusy(batch.length);
    for (const subscription of this.subscriptions) subscription.wake();
    for (const append of batch) {
      const outcome = append.outcome;
      if (outcome && 'result' in outcome) append.resolve(outcome.result);
      else append.reject(outcome?.error);
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.aloneSinceLastLook();
    return this.index.positions(streamId, options.fromRevision ?? 0).map((position) => toRecordedEvent(this.selectAt.get(position) as EventRow));
  }

  async readAll(after: number, limit?: number): Promise<RecordedEvent[]> {
    return this.readAfter(after, limit ?? -1);
  }

  subscribeToAll(after: number, handler: EventHandler): Subscription {
    const subscription = new SqliteSubscription(
      after,
      handler,
      (checkpoint) => this.readAfter(checkpoint, SUBSCRIPTION_BATCH_SIZE),
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    subscription.start();
    return subscription;
  }

  async headPosition(): Promise<number> {
    return this.selectHead.get()?.position ?? -1;
  }

  async close(): Promise<void> {
    this.commitPending();
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.checkpointer?.close();
    this.db.close();
  }

  /**
   * Every reader of the log (the projections and each reactor) reads each new event: those this
   * process appended are served parsed from memory while they follow on from `after` without a
   * gap; anything else (another process's appends, older events) comes from the database.
   */
  private readAfter(after: number, limit: number): RecordedEvent[] {
    const found: RecordedEvent[] = [];
    for (let position = after + 1; limit < 0 || found.length < limit; position += 1) {
      const event = this.recent.get(position);
      if (!event) break;
      found.push(event);
    }
    if (found.length > 0) return found;
    if (after >= this.index.head && this.aloneSinceLastLook()) return [];
    return this.selectAfter.all(after, limit).map(toRecordedEvent);
  }

  /**
   * A log that takes many appends gets its own checkpoint thread, and SQLite stops checkpointing
   * inside commits; a short-lived one (a test, a tool) never starts a thread.
   */
  private checkpointWhenBusy(appends: number): void {
    this.appendedRows += appends;
    if (this.checkpointer || this.checkpointThreadFailed || this.appendedRows < CHECKPOINT_THREAD_AFTER || this.filePath === ':memory:') return;
    this.checkpointer = new WalCheckpointer(this.filePath, () => {
      this.checkpointer = null;
      this.checkpointThreadFailed = true;
      this.db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    });
    this.db.pragma('wal_autocheckpoint = 0');
  }

  /** Whether no other connection has committed since the last call: when one has, its events are indexed. */
  private aloneSinceLastLook(): boolean {
    const version = this.selectDataVersion.get() as number;
    if (version === this.dataVersion) return true;
    this.dataVersion = version;
    this.index.catchUp();
    return false;
  }

  private remember(rows: EventRow[]): void {
    for (const row of rows) {
      this.recent.set(row.position, toRecordedEvent(row));
      this.index.add(row.stream_id, row.revision, row.position);
    }
    keepNewest(this.recent, RECENT_EVENTS);
  }

  private appendRows(streamId: string, events: EventData[], expected: ExpectedRevision): { result: AppendResult; rows: EventRow[] } {
    // Inside the write transaction no other connection can commit, so the index holds.
    const tip = this.batchTips.get(streamId) ?? this.index.tip(streamId);
    const actual = tip ? tip.revision : 'no_stream';

    const replayed = this.findReplayedAppend(streamId, events, expected, actual);
    if (replayed) return { result: replayed, rows: [] };

    if (expected === 'no_stream' ? tip !== undefined : expected !== 'any' && expected !== actual) {
      throw new WrongExpectedRevision(streamId, expected, actual);
    }
    if (events.length === 0) return { result: { revision: tip ? tip.revision : -1, position: tip ? tip.position : -1 }, rows: [] };

    const recordedAt = new Date().toISOString();
    let revision = tip ? tip.revision : -1;
    let position = -1;
    const rows: EventRow[] = [];
    for (const event of events) {
      revision += 1;
      const rowId = event.id ?? timeOrderedEventId();
      const data = JSON.stringify(event.data);
      const metadata = JSON.stringify(event.metadata ?? {});
      const inserted = this.insertEvent.run(rowId, streamId, revision, event.type, data, metadata, recordedAt);
      position = Number(inserted.lastInsertRowid);
      rows.push({ id: rowId, stream_id: streamId, revision, position, type: event.type, data, metadata, recorded_at: recordedAt });
    }
    this.batchTips.set(streamId, { revision, position });
    return { result: { revision, position }, rows };
  }

  /**
   * A command retried after a lost reply carries the same event ids. When all of them are already
   * the consecutive events of this stream, the original append succeeded and its result is returned;
   * when only some ids are known, the retry collides with other writes and is a conflict.
   */
  private findReplayedAppend(streamId: string, events: EventData[], expected: ExpectedRevision, actual: number | 'no_stream'): AppendResult | undefined {
    const found = events.map((event) => (event.id === undefined ? undefined : this.selectLocationById.get(event.id)));
    if (found.every((row) => row === undefined)) return undefined;

    const first = found[0];
    const isReplay = first !== undefined && found.every((row, i) => row !== undefined && row.stream_id === streamId && row.revision === first.revision + i);
    if (!isReplay) throw new WrongExpectedRevision(streamId, expected, actual);

    const last = found[found.length - 1] as EventLocationRow;
    return { revision: last.revision, position: last.position };
  }
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data) as Record<string, unknown>,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    recordedAt: row.recorded_at,
  };
}
