import { DocumentStore, DuplicateKey } from '../ports/document-store';
import type { EventStore, RecordedEvent, Subscription } from '../ports/event-store';
import { BEFORE_FIRST_POSITION } from '../ports/event-store';
import type { Projector, Write } from './projector';

const CHECKPOINTS = 'checkpoints';
/** Field of every projected document: the log position of the last event written into it. */
export const POSITION_FIELD = '_position';

/**
 * Tails the log and keeps every projector's documents and checkpoint. A projector skips
 * events at or below its checkpoint, so a restart or a repeated delivery changes nothing.
 * `prefix` names a separate set of collections (a rebuild from position zero).
 */
export class ProjectionRunner {
  private subscription: Subscription | null = null;
  private checkpoints = new Map<string, number>();
  private appliedAt = new Map<string, number>();
  private caughtUpTo = BEFORE_FIRST_POSITION;
  private waiters: { position: number; resolve: () => void }[] = [];

  constructor(
    private readonly events: EventStore,
    private readonly docs: DocumentStore,
    private readonly projectors: Projector[],
    readonly prefix = '',
  ) {}

  collectionName(name: string): string {
    return this.prefix + name;
  }

  async start(): Promise<void> {
    for (const projector of this.projectors) {
      for (const [name, indexes] of Object.entries(projector.collections)) {
        for (const keys of indexes) await this.docs.collection(this.collectionName(name)).createIndex(keys);
      }
      const saved = await this.docs.collection(this.collectionName(CHECKPOINTS)).findOne({ _id: projector.name });
      this.checkpoints.set(projector.name, saved ? Number(saved.position) : BEFORE_FIRST_POSITION);
    }
    const from = Math.min(...this.checkpoints.values());
    this.caughtUpTo = from;
    this.subscription = this.events.subscribeToAll(from, (event) => this.apply(event));
  }

  /** Resolves once every projector has applied the log up to `position` (or after `timeoutMs`). */
  waitFor(position: number, timeoutMs = 5000): Promise<boolean> {
    if (this.caughtUpTo >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push({ position, resolve: done });
    });
  }

  /** Resolves once the projections have caught up with the log as it is now. */
  async catchUp(timeoutMs?: number): Promise<boolean> {
    return this.waitFor(await this.events.headPosition(), timeoutMs);
  }

  get position(): number {
    return this.caughtUpTo;
  }

  /** Position of the last event a projector applied: its documents change only when this does. */
  checkpoint(projector: string): number {
    return this.appliedAt.get(projector) ?? BEFORE_FIRST_POSITION;
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    this.subscription = null;
  }

  private async apply(event: RecordedEvent): Promise<void> {
    for (const projector of this.projectors) {
      if ((this.checkpoints.get(projector.name) ?? BEFORE_FIRST_POSITION) >= event.position) continue;
      const handler = projector.handlers[event.type];
      if (handler) {
        for (const write of handler(event)) await this.execute(write, event.position);
        await this.ignoringNewer(() => this.docs.collection(this.collectionName(CHECKPOINTS)).updateOne(
          { _id: projector.name, position: { $lt: event.position } },
          { $set: { position: event.position } },
          { upsert: true },
        ));
        this.appliedAt.set(projector.name, event.position);
      }
      this.checkpoints.set(projector.name, event.position);
    }
    this.caughtUpTo = event.position;
    if (this.waiters.length > 0) {
      const ready = this.waiters.filter((w) => w.position <= event.position);
      this.waiters = this.waiters.filter((w) => w.position > event.position);
      for (const waiter of ready) waiter.resolve();
    }
  }

  /**
   * Writes only into documents that have not seen a later event. Several instances may project
   * into one MongoDB; each applies the whole log in order, so a lagging one must not undo what a
   * leading one already wrote.
   */
  private async execute(write: Write, position: number): Promise<void> {
    const collection = this.docs.collection(this.collectionName(write.collection));
    const older = { $or: [{ [POSITION_FIELD]: { $lt: position } }, { [POSITION_FIELD]: { $exists: false } }] };
    if ('updateOne' in write) {
      const { filter, update, upsert } = write.updateOne;
      const stamped = { ...update, $set: { ...(update.$set ?? {}), [POSITION_FIELD]: position } };
      await this.ignoringNewer(() => collection.updateOne({ $and: [filter, older] }, stamped, { upsert }));
    } else {
      const { filter, doc, upsert } = write.replaceOne;
      await this.ignoringNewer(() => collection.replaceOne({ $and: [filter, older] }, { ...doc, [POSITION_FIELD]: position }, { upsert }));
    }
  }

  /** An upsert that finds its document too new to match tries to insert it again: the newer one stays. */
  private async ignoringNewer(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (!(error instanceof DuplicateKey)) throw error;
    }
  }
}
