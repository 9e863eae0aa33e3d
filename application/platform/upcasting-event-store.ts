import { Upcasters, upcast } from '../../domain/shared/upcast';
import { eventUpcasters } from '../../domain/shared/upcasters';
import type { AppendResult, EventData, EventHandler, EventStore, ExpectedRevision, RecordedEvent, Subscription } from './ports/event-store';

/**
 * The event log as every reader should see it: events written in an older shape come back in
 * the current one (domain/shared/upcasters.ts), so an existing log keeps loading after a payload
 * changes. Appends pass through untouched; the log itself is never rewritten.
 */
export class UpcastingEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly upcasters: Upcasters = eventUpcasters,
  ) {}

  private current(event: RecordedEvent): RecordedEvent {
    const data = upcast(this.upcasters, event.type, event.data);
    return data === event.data ? event : { ...event, data };
  }

  append(streamId: string, events: EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.inner.append(streamId, events, expected);
  }

  async readStream(...args: Parameters<EventStore['readStream']>): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(...args)).map((e) => this.current(e));
  }

  async readAll(after: number, limit?: number): Promise<RecordedEvent[]> {
    return (await this.inner.readAll(after, limit)).map((e) => this.current(e));
  }

  subscribeToAll(after: number, handler: EventHandler): Subscription {
    return this.inner.subscribeToAll(after, (event) => handler(this.current(event)));
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
