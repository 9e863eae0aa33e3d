import { DocumentStore, DuplicateKey, type Filter } from '../ports/document-store';
import type { EventStore, RecordedEvent } from '../ports/event-store';
import { BEFORE_FIRST_POSITION } from '../ports/event-store';
import { Checkpoints, documentCheckpoints } from './checkpoints';
import { LogTail, TailOptions } from './log-tail';
import type { Projector, Write } from './projector';

const CHECKPOINTS = 'checkpoints';
// Taken when the module loads: a test that fakes setImmediate must not hold checkpoints back.
const realSetImmediate = setImmediate;
/** Field of every projected document: the log position of the last event written into it. */
export const POSITION_FIELD = '_position';

export interface RunnerOptions extends TailOptions {
  /**
   * No other instance writes these documents (the embedded store lives in this process): a write
   * that gives the same document however often it is applied goes straight to its document, without
   * the guard that keeps a lagging instance from undoing a later event's write, which the store
   * would otherwise match for every event. The others keep the guard: it is also what keeps an
   * event tried again (one of its writes failed) from pushing or counting twice.
   */
  soleWriter?: boolean;
}

/**
 * Keeps every projector's documents and checkpoint, on one reader of the log. A projector skips
 * events at or below its checkpoint, so a restart or a repeated delivery changes nothing; a write
 * that fails is tried again with backoff. `prefix` names a separate set of collections (a rebuild
 * from position zero); reactors never run here, so a rebuild sends nothing.
 */
export class ProjectionRunner {
  private readonly tail: LogTail;
  private readonly saved: Checkpoints;
  private checkpoints = new Map<string, number>();
  private appliedAt = new Map<string, number>();
  /** Checkpoints applied but not saved yet: saved together once per turn of the event loop. */
  private unsaved = new Map<string, number>();
  private saving: Promise<void> | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly docs: DocumentStore,
    private readonly projectors: Projector[],
    readonly prefix = '',
    private readonly options: RunnerOptions = {},
  ) {
    this.saved = documentCheckpoints(docs, this.collectionName(CHECKPOINTS));
    const handled = new Set(projectors.flatMap((projector) => Object.keys(projector.handlers)));
    this.tail = new LogTail(
      events,
      `${prefix}projections`,
      (event) => this.apply(event),
      options,
      (type) => handled.has(type),
    );
  }

  collectionName(name: string): string {
    return this.prefix + name;
  }

  async start(): Promise<void> {
    for (const projector of this.projectors) {
      for (const [name, indexes] of Object.entries(projector.collections)) {
        for (const keys of indexes) await this.docs.collection(this.collectionName(name)).createIndex(keys);
      }
      this.checkpoints.set(projector.name, (await this.saved.load(projector.name)) ?? BEFORE_FIRST_POSITION);
    }
    this.tail.start(Math.min(...this.checkpoints.values()));
  }

  /** Resolves once every projector has applied the log up to `position` (or false after `timeoutMs`). */
  waitFor(position: number, timeoutMs = 5000): Promise<boolean> {
    return this.tail.waitFor(position, timeoutMs);
  }

  /** Resolves once the projections have caught up with the log as it is now. */
  async catchUp(timeoutMs?: number): Promise<boolean> {
    return this.waitFor(await this.events.headPosition(), timeoutMs);
  }

  get position(): number {
    return this.tail.position;
  }

  /** Position of the last event a projector applied: its documents change only when this does. */
  checkpoint(projector: string): number {
    return this.appliedAt.get(projector) ?? BEFORE_FIRST_POSITION;
  }

  async stop(): Promise<void> {
    await this.tail.stop();
    await this.saving;
    await this.saveCheckpoints();
  }

  private async apply(event: RecordedEvent): Promise<void> {
    for (const projector of this.projectors) {
      if ((this.checkpoints.get(projector.name) ?? BEFORE_FIRST_POSITION) >= event.position) continue;
      const handler = projector.handlers[event.type];
      if (handler) {
        for (const write of handler(event)) await this.execute(write, event.position);
        this.appliedAt.set(projector.name, event.position);
        this.unsaved.set(projector.name, event.position);
        this.saving ??= new Promise((resolve) => realSetImmediate(resolve)).then(() => this.saveCheckpoints());
      }
      this.checkpoints.set(projector.name, event.position);
    }
  }

  /**
   * A checkpoint only spares a restart from applying events again, which the documents' positions
   * make harmless: saving each projector's newest one once per turn, rather than after every
   * event, loses nothing. A save that fails is tried again with the next one.
   */
  private async saveCheckpoints(): Promise<void> {
    const due = this.unsaved;
    this.unsaved = new Map();
    this.saving = null;
    for (const [name, position] of due) {
      try {
        await this.saved.save(name, position);
      } catch {
        if (!this.unsaved.has(name)) this.unsaved.set(name, position);
      }
    }
  }

  /**
   * Writes only into documents that have not seen a later event. Several instances may project
   * into one MongoDB; each applies the whole log in order, so a lagging one must not undo what a
   * leading one already wrote.
   */
  private async execute(write: Write, position: number): Promise<void> {
    const collection = this.docs.collection(this.collectionName(write.collection));
    const unguarded = this.options.soleWriter && ('replaceOne' in write || Object.keys(write.updateOne.update).every((op) => SAME_WHEN_REPEATED.has(op)));
    const guarded = (filter: Filter): Filter =>
      unguarded ? filter : { $and: [filter, { $or: [{ [POSITION_FIELD]: { $lt: position } }, { [POSITION_FIELD]: { $exists: false } }] }] };
    if ('updateOne' in write) {
      const { filter, update, upsert } = write.updateOne;
      const stamped = { ...update, $set: { ...(update.$set ?? {}), [POSITION_FIELD]: position } };
      await ignoringNewer(() => collection.updateOne(guarded(filter), stamped, { upsert }));
    } else {
      const { filter, doc, upsert } = write.replaceOne;
      await ignoringNewer(() => collection.replaceOne(guarded(filter), { ...doc, [POSITION_FIELD]: position }, { upsert }));
    }
  }
}

/** Update operators whose write leaves the same document when applied again. */
const SAME_WHEN_REPEATED = new Set(['$set', '$unset', '$setOnInsert', '$addToSet', '$pull']);

/** An upsert that finds its document too new to match tries to insert it again: the newer one stays. */
async function ignoringNewer(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof DuplicateKey)) throw error;
  }
}
