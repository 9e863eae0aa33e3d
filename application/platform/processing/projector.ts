import type { RecordedEvent } from '../ports/event-store';
import type { Doc, Filter, Update } from '../ports/document-store';
import type { DomainEvent, HandlersOf } from '../../../domain/shared/decider';

/** One document write, as data: projectors stay pure and the runner carries them out. */
export type Write =
  | { collection: string; updateOne: { filter: Filter; update: Update; upsert?: boolean } }
  | { collection: string; replaceOne: { filter: Filter; doc: Doc; upsert?: boolean } };

export interface Projector {
  name: string;
  /** Collections it owns, with the indexes queries rely on. */
  collections: Record<string, Record<string, 1 | -1>[]>;
  /** Event type -> the writes it makes. Must be idempotent: the same event twice changes nothing more. */
  handlers: Record<string, (event: RecordedEvent) => Write[]>;
}

/**
 * A projector from a table typed by its events: each handler sees its own event's payload. The
 * runner hands a handler only events of its type, so this is the one place where the typed table
 * meets the log's untyped records.
 */
export function defineProjector<E extends DomainEvent>(
  name: string,
  collections: Projector['collections'],
  handlers: HandlersOf<E, RecordedEvent, Write[]>,
): Projector {
  return { name, collections, handlers: handlers as unknown as Projector['handlers'] };
}
