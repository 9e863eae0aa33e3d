import type { EventStore, RecordedEvent, Subscription } from '../ports/event-store';
import { BEFORE_FIRST_POSITION } from '../ports/event-store';
import type { Logger } from '../ports/logger';
import { Backoff, DEFAULT_BACKOFF, backoffDelay, pause } from './backoff';

/** How long stop() lets the event being handled finish before it leaves it. */
const STOP_GRACE_MS = 2_000;

export interface TailOptions {
  backoff?: Backoff;
  log?: Logger;
}

/** The event types a reader handles: any other event only moves its position on. */
export type Wants = (type: string) => boolean;

/** Failures go to stderr when no logger is given (the operator commands have none). */
const stderrLog: Logger = {
  info: () => undefined,
  error: (message, fields) => console.error(message, fields ?? {}),
};

/**
 * One reader of the log: the loop projectors and reactors share. It hands `handle` every event
 * after a position, one at a time and in order; an event whose handling fails is tried again with
 * backoff, never skipped, and holds up this reader only. `position` is the last event handled.
 */
export class LogTail {
  private subscription: Subscription | null = null;
  private handled = BEFORE_FIRST_POSITION;
  private waiters: { position: number; resolve: () => void }[] = [];
  private stopping = new AbortController();
  private inFlight: Promise<unknown> = Promise.resolve();
  private readonly backoff: Backoff;
  private readonly log: Logger;

  constructor(
    private readonly events: EventStore,
    readonly name: string,
    private readonly handle: (event: RecordedEvent) => Promise<void>,
    options: TailOptions = {},
    private readonly wants: Wants = () => true,
  ) {
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.log = options.log ?? stderrLog;
  }

  start(after: number): void {
    this.handled = after;
    this.stopping = new AbortController();
    this.subscription = this.events.subscribeToAll(after, (event) => this.deliver(event));
  }

  get position(): number {
    return this.handled;
  }

  /** Resolves true once the event at `position` is handled, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.handled >= position) return Promise.resolve(true);
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

  /** Stops reading; an event still being handled gets a short grace, then is left to the next start. */
  async stop(): Promise<void> {
    this.stopping.abort();
    const closing = this.subscription?.close();
    this.subscription = null;
    await closing;
    await settledWithin(this.inFlight, STOP_GRACE_MS);
  }

  /**
   * Every reader sees every event, and most readers handle few types: an event this reader does
   * not handle moves its position on at once, with no promise, so eighteen readers of a busy log
   * cost little more than one.
   */
  private deliver(event: RecordedEvent): Promise<void> | void {
    if (!this.wants(event.type)) {
      this.advance(event.position);
      return;
    }
    return this.deliverWanted(event);
  }

  private async deliverWanted(event: RecordedEvent): Promise<void> {
    const signal = this.stopping.signal;
    for (let failures = 0; !signal.aborted;) {
      const attempt = this.handle(event);
      this.inFlight = attempt.catch(() => undefined);
      try {
        // A handler that never settles (a mail server that hangs) must not hold up stop().
        if (!(await unlessAborted(attempt, signal))) return;
        this.advance(event.position);
        return;
      } catch (error) {
        failures += 1;
        const retryInMs = backoffDelay(this.backoff, failures);
        this.log.error('event handling failed; trying again', {
          reader: this.name,
          event: event.id,
          type: event.type,
          position: event.position,
          failures,
          retry_in_ms: retryInMs,
          error: String(error),
        });
        await pause(retryInMs, signal);
      }
    }
  }

  private advance(position: number): void {
    this.handled = position;
    if (this.waiters.length === 0) return;
    const ready = this.waiters.filter((w) => w.position <= position);
    this.waiters = this.waiters.filter((w) => w.position > position);
    for (const waiter of ready) waiter.resolve();
  }
}

/** True when `work` resolves, its error when it fails, false when `signal` aborts first. */
function unlessAborted(work: Promise<void>, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const aborted = () => resolve(false);
    signal.addEventListener('abort', aborted, { once: true });
    work
      .then(
        () => resolve(true),
        (error: unknown) => reject(error),
      )
      .finally(() => signal.removeEventListener('abort', aborted));
  });
}

function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void work.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
