import type { RecordedEvent } from '../ports/event-store';
import type { Doc, Filter, Update } from '../ports/document-store';

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
