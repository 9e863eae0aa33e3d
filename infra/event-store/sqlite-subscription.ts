import type { EventHandler, RecordedEvent, Subscription } from '../../application/platform/ports/event-store';
import { CancellableDelay, attempt, deliverUntilAccepted } from './deliver';

/**
 * Reads batches after its checkpoint and hands them to the handler one by one; when it has caught
 * up it sleeps until the store wakes it after an append.
 */
export class SqliteSubscription implements Subscription {
  private checkpoint: number;
  private stopped = false;
  private wakeUp: (() => void) | undefined;
  private readonly retryDelay = new CancellableDelay();
  private running: Promise<void> = Promise.resolve();

  constructor(
    after: number,
    private readonly handler: EventHandler,
    private readonly readBatch: (after: number) => RecordedEvent[],
    private readonly onStopped: () => void,
  ) {
    this.checkpoint = after;
  }

  start(): void {
    // Nothing awaits `running` until close(), so a failure is reported here rather than left to
    // become an unhandled rejection; the subscription then stops delivering.
    this.running = this.run()
      .catch((error: unknown) => {
        console.error(`SQLite subscription stopped after position ${this.checkpoint}: reading the log failed`, error);
      })
      .finally(this.onStopped);
  }

  wake(): void {
    const wakeUp = this.wakeUp;
    this.wakeUp = undefined;
    wakeUp?.();
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.wake();
    this.retryDelay.cancel();
    await this.running;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const batch = this.readBatch(this.checkpoint);
      if (batch.length === 0) {
        // Reading the empty batch and registering for the wake-up happen in the same tick, and
        // appends run synchronously, so no append can fall between them unnoticed.
        await new Promise<void>((resolve) => (this.wakeUp = resolve));
        continue;
      }
      for (const event of batch) {
        const first = attempt(this.handler, event);
        if (
          first !== undefined &&
          !(await deliverUntilAccepted(
            event,
            this.handler,
            () => this.stopped,
            (ms) => this.retryDelay.wait(ms),
            first,
          ))
        )
          return;
        this.checkpoint = event.position;
      }
      // Reads and handlers can be synchronous all the way: give requests and timers a turn between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
