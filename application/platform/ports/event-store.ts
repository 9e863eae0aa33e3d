/**
 * The event log. Streams hold one aggregate instance each; every event also has a
 * global position, assigned at append and totally ordered across all streams.
 *
 * Revisions count from 0 (the first event of a stream has revision 0), as in
 * EventStoreDB. Positions are non-negative integers; `-1` means "before the first
 * event" and is where a fresh reader or projector starts.
 */

export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  storefrontId?: string;
  /** When the command that caused the event was decided (ISO 8601 UTC). */
  at?: string;
  /** Digest of the command's idempotency key, when it has one: event ids derive from it. */
  commandId?: string;
  [key: string]: unknown;
}

/** The metadata of a command a request decides itself: the request is both its correlation and its cause. */
export function requestMetadata(correlationId: string, now: Date, more: Pick<EventMetadata, 'storefrontId' | 'commandId'> = {}): EventMetadata {
  return { correlationId, causationId: correlationId, ...more, at: now.toISOString() };
}

export interface EventData {
  type: string;
  data: Record<string, unknown>;
  metadata?: EventMetadata;
  /**
   * A UUID. When derived from an idempotency key, appending the same ids again
   * at the same place is a no-op instead of a duplicate.
   */
  id?: string;
}

export interface RecordedEvent {
  id: string;
  streamId: string;
  revision: number;
  position: number;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  /** When the store recorded it (ISO 8601 UTC, milliseconds). */
  recordedAt: string;
}

/** 'no_stream': the stream must not exist; 'any': no check; a number: the revision of the stream's last event. */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export const BEFORE_FIRST_POSITION = -1;

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  revision: number;
  /** Global position of the last event appended. */
  position: number;
}

export class WrongExpectedRevision extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, found ${String(actual)}`);
    this.name = 'WrongExpectedRevision';
  }
}

export interface ReadStreamOptions {
  /** The first revision to read (inclusive), so a reader that knows a stream up to revision r asks only for r + 1 onwards. */
  fromRevision?: number;
}

export interface Subscription {
  close(): Promise<void>;
}

export type EventHandler = (event: RecordedEvent) => Promise<void> | void;

export interface EventStore {
  /** Appends atomically: all events or none. Throws WrongExpectedRevision on a conflict. */
  append(streamId: string, events: EventData[], expected: ExpectedRevision): Promise<AppendResult>;
  /** The stream's events in revision order, from `fromRevision` (0 when absent); [] when it does not exist or has none that far. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events with a position strictly greater than `after`, in position order. */
  readAll(after: number, limit?: number): Promise<RecordedEvent[]>;
  /**
   * Catch-up then live: calls `handler` for every event after `after`, one at a time,
   * in position order, until closed. A handler's promise is awaited before the next event.
   */
  subscribeToAll(after: number, handler: EventHandler): Subscription;
  /** Position of the newest event in the log, or -1 when it is empty. */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}
