import type { Decider, DomainEvent } from '../../domain/shared/decider';
import { Refusal, isRefusal } from '../../domain/shared/refusal';
import { EventMetadata, EventStore, RecordedEvent, WrongExpectedRevision } from './ports/event-store';
import { uuidFromName } from './secrets';

export interface Handled<E, S> {
  /** Events this command appended; [] when the decision was that nothing changes. */
  events: E[];
  /** The aggregate after the command, so callers need not load the stream again. */
  state: S;
  /** Log position of the stream's newest event after the command: what read-your-writes waits for. */
  position: number;
}

const MAX_ATTEMPTS = 50;

/**
 * Load a stream, decide, append with the revision read; on a conflict load and decide
 * again. Commands for one stream in this process also queue behind each other, so that
 * a burst on one departure does not turn into a storm of retries.
 */
export class CommandHandler {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly store: EventStore) {}

  async load<S, E extends DomainEvent>(streamId: string, decider: Decider<any, E, S>): Promise<{ state: S; revision: number | 'no_stream'; events: RecordedEvent[] }> {
    const events = await this.store.readStream(streamId);
    const state = events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState());
    return { state, revision: events.length === 0 ? 'no_stream' : events[events.length - 1].revision, events };
  }

  handle<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    command: C,
    metadata: EventMetadata,
  ): Promise<Handled<E, S> | Refusal> {
    const previous = this.queues.get(streamId) ?? Promise.resolve();
    const run = previous.then(() => this.decideAndAppend(streamId, decider, command, metadata));
    const settled = run.catch(() => undefined);
    this.queues.set(streamId, settled);
    void settled.then(() => {
      if (this.queues.get(streamId) === settled) this.queues.delete(streamId);
    });
    return run;
  }

  private async decideAndAppend<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    command: C,
    metadata: EventMetadata,
  ): Promise<Handled<E, S> | Refusal> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision, events: history } = await this.load(streamId, decider);
      const decided = decider.decide(command, state);
      if (isRefusal(decided)) return decided;
      const last = history.length > 0 ? history[history.length - 1].position : -1;
      if (decided.length === 0) return { events: [], state, position: last };
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
        return { events: decided, state: decided.reduce(decider.evolve, state), position: result.position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
