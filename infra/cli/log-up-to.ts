import type { AppendResult, EventHandler, EventStore, ReadStreamOptions, RecordedEvent, Subscription } from '../../application/platform/ports/event-store';
import { BEFORE_FIRST_POSITION } from '../../application/platform/ports/event-store';

const BATCH = 500;

/**
 * The log as far as a limit that only rises: a rebuild must stand at exactly the position it is
 * compared at, while the service goes on appending to the real log. Read-only. Its subscription
 * reads the log afresh after every raise, so it sees what another process appended (an embedded
 * log wakes its own subscriptions only), and it yields to the event loop between batches, so a
 * long rebuild still lets timers run (its progress line).
 */
export class LogUpTo implements EventStore {
  private limit = BEFORE_FIRST_POSITION;
  private waiting: (() => void)[] = [];
  private fail: (error: Error) => void = () => undefined;
  /** Rejects when the subscription could not read the log: nothing more will arrive. */
  readonly failed: Promise<never> = new Promise<never>((_resolve, reject) => (this.fail = reject));

  constructor(private readonly log: EventStore) {
    this.failed.catch(() => undefined);
  }

  get position(): number {
    return this.limit;
  }

  raiseTo(position: number): void {
    if (position <= this.limit) return;
    this.limit = position;
    this.wake();
  }

  append(): Promise<AppendResult> {
    return Promise.reject(new Error('a replay only reads the log'));
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.log.readStream(streamId, options)).filter((event) => event.position <= this.limit);
  }

  async readAll(after: number, limit?: number): Promise<RecordedEvent[]> {
    return (await this.log.readAll(after, limit)).filter((event) => event.position <= this.limit);
  }

  subscribeToAll(after: number, handler: EventHandler): Subscription {
    let closed = false;
    const run = async () => {
      let checkpoint = after;
      while (!closed) {
        const limit = this.limit;
        const batch = checkpoint < limit ? (await this.log.readAll(checkpoint, BATCH)).filter((event) => event.position <= limit) : [];
        if (batch.length === 0) {
          if (limit === this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
          continue;
        }
        for (const event of batch) {
          if (closed) return;
          await handler(event);
          checkpoint = event.position;
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const running = run().catch((error: unknown) => this.fail(new Error(`reading the log failed: ${error instanceof Error ? error.message : String(error)}`)));
    return {
      close: async () => {
        closed = true;
        this.wake();
        await running;
      },
    };
  }

  async headPosition(): Promise<number> {
    return Math.min(await this.log.headPosition(), this.limit);
  }

  /** The real log belongs to whoever opened it. */
  async close(): Promise<void> {}

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
