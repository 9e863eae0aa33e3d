import sinon from 'sinon';
import { ProjectionRunner, POSITION_FIELD } from '../../application/platform/processing/runner';
import type { Projector } from '../../application/platform/processing/projector';
import type { Doc } from '../../application/platform/ports/document-store';
import type { DomainEvent } from '../../domain/shared/decider';
import { SqliteEventStore } from '../../infra/event-store/sqlite-event-store';
import { MemoryDocumentStore } from '../../infra/documents/memory-document-store';

/** When the log records the given events: what `updated_at` and the like read. */
export const RECORDED_AT = '2026-05-01T10:00:00.000Z';

export type Given = DomainEvent & { stream: string };

export interface Projected {
  /** A collection's documents, by _id, without the runner's own bookkeeping. */
  docs(collection: string): Promise<Doc[]>;
  doc(collection: string, id: string): Promise<Doc | null>;
}

const withoutPosition = ({ [POSITION_FIELD]: _position, ...doc }: Doc): Doc => doc;

/**
 * Projector specs (STYLE.md): given events appended to a log in this order, then the documents the
 * projector's writes leave, carried out by the real runner into the in-memory document store.
 */
export async function project(projector: Projector, events: Given[]): Promise<Projected> {
  const clock = sinon.useFakeTimers({ now: new Date(RECORDED_AT), toFake: ['Date'] });
  const log = new SqliteEventStore(':memory:');
  const store = new MemoryDocumentStore();
  try {
    for (const { stream, type, data } of events) await log.append(stream, [{ type, data: data as Record<string, unknown> }], 'any');
    const runner = new ProjectionRunner(log, store, [projector]);
    await runner.start();
    await runner.catchUp();
    await runner.stop();
  } finally {
    await log.close();
    clock.restore();
  }
  return {
    async docs(collection) {
      const found = await store.collection(collection).find({});
      return found.map(withoutPosition).sort((a, b) => String(a._id).localeCompare(String(b._id)));
    },
    async doc(collection, id) {
      const found = await store.collection(collection).findOne({ _id: id });
      return found && withoutPosition(found);
    },
  };
}
