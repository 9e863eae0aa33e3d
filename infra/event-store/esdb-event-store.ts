import {
  ANY,
  AllStreamRecordedEvent,
  AllStreamSubscription,
  AppendExpectedRevision,
  AppendResult as EsdbAppendResult,
  BACKWARDS,
  CurrentRevision,
  Direction,
  END,
  EventStoreDBClient,
  FORWARDS,
  JSONType,
  NO_STREAM,
  ReadPosition,
  RecordedEvent as EsdbRecordedEvent,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import { CancellableDelay, deliverUntilAccepted } from './deliver';
import { esdbConnectionString } from './esdb-connection';
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

const READ_PAGE_SIZE = 500;
const RESUBSCRIBE_DELAY_MS = 1000;
/** While the server stays away, each resubscription waits twice as long as the last, up to this. */
const MAX_RESUBSCRIBE_DELAY_MS = 30_000;

/**
 * The event log on EventStoreDB. A position is the commit position of an event in $all; events
 * appended through gRPC are each committed on their own, so their commit and prepare positions are
 * equal and the commit position alone identifies them. Transaction-file offsets stay far below
 * 2^53, so they fit a JS number.
 */
export class EsdbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<EsdbSubscription>();

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(esdbConnectionString(connectionString));
  }

  async append(streamId: string, events: EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    const proposed = events.map(toProposedEvent);
    let result: EsdbAppendResult;
    try {
      result = await this.client.appendToStream(streamId, proposed, { expectedRevision: toEsdbExpected(expected) });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedRevision(streamId, expected, fromEsdbRevision(error.actualVersion));
      }
      throw error;
    }
    if (events.length === 0) return this.streamTip(streamId);

    const revision = Number(result.nextExpectedRevision);
    // The server can answer without a position (an idempotent replay of an earlier append); the
    // position is then that of the original append's last event.
    const position = result.position ? Number(result.position.commit) : (await this.readStreamBackwards(streamId, result.nextExpectedRevision))?.position;
    if (position === undefined) throw new Error(`stream ${streamId}: appended event ${revision} not found`);
    return { revision, position };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    const fromRevision = options.fromRevision === undefined || options.fromRevision <= 0 ? START : BigInt(options.fromRevision);
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision, direction: FORWARDS })) {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(after: number, limit = Infinity): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let from = toReadPosition(after);
    // A forward read includes the event at its start position, so everything up to it is dropped.
    let seenUpTo = after;
    while (events.length < limit) {
      const page = await this.readAllPage(from, FORWARDS);
      for (const event of page) {
        if (isSystemEvent(event) || Number(event.position.commit) <= seenUpTo) continue;
        events.push(toRecordedEvent(event));
        if (events.length === limit) break;
      }
      if (page.length < READ_PAGE_SIZE) break;
      from = page[page.length - 1].position;
      seenUpTo = Number(from.commit);
    }
    return events;
  }

  subscribeToAll(after: number, handler: EventHandler): Subscription {
    const subscription = new EsdbSubscription(this.client, after, handler, () => this.subscriptions.delete(subscription));
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<number> {
    let from: ReadPosition = END;
    for (;;) {
      const page = await this.readAllPage(from, BACKWARDS);
      const newest = page.find((event) => !isSystemEvent(event));
      if (newest) return Number(newest.position.commit);
      if (page.length < READ_PAGE_SIZE) return -1;
      // A backward read starts just before its start position.
      from = page[page.length - 1].position;
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }

  private async readAllPage(from: ReadPosition, direction: Direction): Promise<AllStreamRecordedEvent[]> {
    const page: AllStreamRecordedEvent[] = [];
    for await (const resolved of this.client.readAll({ fromPosition: from, direction, maxCount: READ_PAGE_SIZE })) {
      if (resolved.event) page.push(resolved.event);
    }
    return page;
  }

  private async streamTip(streamId: string): Promise<AppendResult> {
    const last = await this.readStreamBackwards(streamId, END);
    return last ? { revision: last.revision, position: last.position } : { revision: -1, position: -1 };
  }

  private async readStreamBackwards(streamId: string, from: bigint | typeof END): Promise<RecordedEvent | undefined> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: from,
        direction: BACKWARDS,
        maxCount: 1,
      })) {
        if (resolved.event) return toRecordedEvent(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
    return undefined;
  }
}

function toProposedEvent(event: EventData) {
  const metadata = event.metadata ?? {};
  // The client serialises events inside a promise executor it never awaits, so a value JSON cannot
  // encode (a BigInt, a cycle) would leave the append pending forever instead of failing it.
  JSON.stringify(event.data);
  JSON.stringify(metadata);
  return jsonEvent({
    type: event.type,
    data: event.data as JSONType,
    metadata,
    ...(event.id === undefined ? {} : { id: event.id }),
  });
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

function fromEsdbRevision(revision: CurrentRevision): number | 'no_stream' {
  return typeof revision === 'bigint' && revision >= 0n ? Number(revision) : 'no_stream';
}

function toReadPosition(after: number): ReadPosition {
  return after < 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };
}

/**
 * The server's own events: types starting with '$' (what excludeSystemEvents() filters out on the
 * server: metadata, link and deletion events) and anything in a stream starting with '$', where
 * the server and its plugins keep their records; no stream of ours starts with '$'.
 */
function isSystemEvent(event: EsdbRecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toRecordedEvent(event: EsdbRecordedEvent): RecordedEvent {
  if (!event.isJson) throw new Error(`event ${event.id} in stream ${event.streamId} is not JSON`);
  if (!event.position) {
    throw new Error(`event ${event.id} came without a position: EventStoreDB 22.6 or later is required`);
  }
  const metadata = event.metadata;
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: Number(event.position.commit),
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata: isPlainObject(metadata) ? (metadata as EventMetadata) : {},
    recordedAt: event.created.toISOString(),
  };
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/**
 * A catch-up subscription to $all that survives dropped connections: it resubscribes from the last
 * position its handler accepted and drops anything at or before it, so no event is delivered twice.
 */
class EsdbSubscription implements Subscription {
  private checkpoint: number;
  private stopped = false;
  private current: AllStreamSubscription | undefined;
  private readonly delay = new CancellableDelay();
  private readonly running: Promise<void>;

  constructor(
    private readonly client: EventStoreDBClient,
    after: number,
    private readonly handler: EventHandler,
    onStopped: () => void,
  ) {
    this.checkpoint = after;
    // Nothing awaits `running` until close(), so a failure is reported here rather than left to
    // become an unhandled rejection; the subscription then stops delivering.
    this.running = this.run()
      .catch((error: unknown) => {
        console.error(`EventStoreDB subscription stopped after position ${this.checkpoint}: it failed unexpectedly`, error);
      })
      .finally(onStopped);
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.delay.cancel();
    const current = this.current;
    if (current) {
      await unsubscribeQuietly(current, this.checkpoint);
      current.destroy();
    }
    await this.running;
  }

  private async run(): Promise<void> {
    let drops = 0;
    while (!this.stopped) {
      const subscription = this.client.subscribeToAll({
        fromPosition: toReadPosition(this.checkpoint),
        filter: excludeSystemEvents(),
      });
      // The client re-emits gRPC errors on the stream even after iteration has ended; without a
      // listener such a late error would be thrown as an uncaught exception.
      subscription.on('error', () => undefined);
      // The server confirms a subscription once it has accepted it: the connection is back.
      subscription.on('confirmation', () => {
        drops = 0;
      });
      this.current = subscription;
      let dropReason = 'the server ended the subscription';
      try {
        for await (const resolved of subscription) {
          if (!resolved.event || isSystemEvent(resolved.event)) continue;
          const event = toRecordedEvent(resolved.event);
          if (event.position <= this.checkpoint) continue;
          if (
            !(await deliverUntilAccepted(
              event,
              this.handler,
              () => this.stopped,
              (ms) => this.delay.wait(ms),
            ))
          )
            break;
          this.checkpoint = event.position;
        }
      } catch (error) {
        dropReason = error instanceof Error ? error.message : String(error);
      }
      this.current = undefined;
      if (this.stopped) return;

      await unsubscribeQuietly(subscription, this.checkpoint);
      const wait = Math.min(RESUBSCRIBE_DELAY_MS * 2 ** drops, MAX_RESUBSCRIBE_DELAY_MS);
      drops += 1;
      console.error(`EventStoreDB subscription dropped after position ${this.checkpoint} (${dropReason}); resubscribing in ${wait} ms`);
      await this.delay.wait(wait);
    }
  }
}

/** Ends a subscription on the server; a failure (the connection is likely gone) is only reported. */
async function unsubscribeQuietly(subscription: AllStreamSubscription, checkpoint: number): Promise<void> {
  try {
    await subscription.unsubscribe();
  } catch (error) {
    console.error(`EventStoreDB subscription after position ${checkpoint}: unsubscribing failed`, error);
  }
}
