import type { EventStore, RecordedEvent } from '../ports/event-store';
import { BEFORE_FIRST_POSITION } from '../ports/event-store';
import type { Platform } from '../platform';
import type { Checkpoints } from './checkpoints';
import { LogTail, TailOptions } from './log-tail';
import type { Reactor } from './reactor';

/**
 * Runs each reactor on its own reader of the log with its own checkpoint, after the append and
 * never inside a request. A handler runs at least once per event: the checkpoint moves only
 * after it succeeded, and a failure is tried again with backoff on that reactor's reader alone,
 * so one failing reactor neither stops the others nor delays the projections.
 */
export class ReactorRunner {
  private readonly tails = new Map<string, LogTail>();

  constructor(
    private readonly events: EventStore,
    private readonly checkpoints: Checkpoints,
    private readonly reactors: readonly Reactor[],
    private readonly platform: Platform,
    private readonly options: TailOptions = {},
  ) {}

  async start(): Promise<void> {
    const head = await this.events.headPosition();
    for (const reactor of this.reactors) {
      let from = await this.checkpoints.load(reactor.name);
      if (from === null) {
        // A reactor added to a running service reacts to what happens from now on, not to the
        // history before it (no mail for every old booking); saved at once, so a crash before its
        // first event still resumes here.
        from = head;
        await this.checkpoints.save(reactor.name, head);
      }
      const tail = new LogTail(
        this.events,
        reactor.name,
        (event) => this.react(reactor, event),
        { log: this.platform.log, ...this.options },
        (type) => Object.hasOwn(reactor.handlers, type),
      );
      this.tails.set(reactor.name, tail);
      tail.start(from);
    }
  }

  /** Resolves true once `reactor` has handled the log up to `position`, false after `timeoutMs`. */
  waitFor(reactor: string, position: number, timeoutMs = 5000): Promise<boolean> {
    const tail = this.tails.get(reactor);
    return tail ? tail.waitFor(position, timeoutMs) : Promise.resolve(false);
  }

  /** Resolves once every reactor has handled the log as it is now. */
  async catchUp(timeoutMs = 5000): Promise<boolean> {
    const head = await this.events.headPosition();
    const done = await Promise.all([...this.tails.keys()].map((name) => this.waitFor(name, head, timeoutMs)));
    return done.every(Boolean);
  }

  /** Position of the last event the reactor has handled. */
  checkpoint(reactor: string): number {
    return this.tails.get(reactor)?.position ?? BEFORE_FIRST_POSITION;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.tails.values()].map((tail) => tail.stop()));
    this.tails.clear();
  }

  private async react(reactor: Reactor, event: RecordedEvent): Promise<void> {
    const handler = reactor.handlers[event.type];
    if (!handler) return;
    // A reactor reads the read models at least as far as the event it reacts to.
    await this.platform.awaitProjections(event.position);
    await handler(event, this.platform);
    await this.checkpoints.save(reactor.name, event.position);
  }
}
