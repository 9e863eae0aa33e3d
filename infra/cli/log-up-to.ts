import type { AppendResult, EventHandler, EventStore, ReadStreamOptions, RecordedEvent, Subscription } from '../../application/platform/ports/event-store';
import { BEFORE_FIRST_POSITION } from '../../application/platform/ports/event-store';

/**
 * The log as far as a limit that only rises: a rebuild must stand at exactly the position it is
 * compared at, while the service goes on appending to the real log. Read-only.
 */
export class LogUpTo implements EventStore {
  private limit = BEFORE_FIRST_POSITION;
  private waiting: (() => void)[] = [];

  constructor(private readonly log: EventStore) {}

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

  /** Delivers what lies within the limit and holds the next event back until the limit passes it. */
  subscribeToAll(after: number, handler: EventHandler): Subscription {
    let closed = false;
    const inner = this.log.subscribeToAll(after, async (event) => {
      while (!closed && event.position > this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (!closed) await handler(event);
    });
    return {
      close: async () => {
        closed = true;
        this.wake();
        await inner.close();
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
