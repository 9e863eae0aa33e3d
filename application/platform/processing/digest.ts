import { createHash } from 'node:crypto';
import type { DocumentStore } from '../ports/document-store';
import type { Projector } from './projector';
import { POSITION_FIELD } from './runner';

/**
 * Digests of the read models, so two sets of them (the live ones and a rebuild from the log) can be
 * compared without sending every document: one hash per collection to see whether it differs, one
 * per document to name which. `_position` is hashed like any field: a rebuild from zero stamps
 * every document with the same position as the live run did, so a different one is a difference.
 */

export interface CollectionDigest {
  count: number;
  /** Hash of every document of the collection, independent of the order they are read in. */
  hash: string;
  /** Document id -> hash of the document. */
  documents: Record<string, string>;
}

export interface ReadModelDigest {
  /** The log position the documents stand at: every event up to it applied, none after it. */
  position: number;
  collections: Record<string, CollectionDigest>;
}

export interface CollectionComparison {
  collection: string;
  live: number;
  rebuilt: number;
  /** Ids whose document differs or exists on one side only, in id order. */
  differing: string[];
}

/** Documents hashed between two yields to the event loop, so a digest does not stall requests. */
const HASHED_PER_TURN = 2_000;

/** Every collection the projectors write: the read models a replay compares. */
export function readModelCollections(projectors: readonly Projector[]): string[] {
  return projectors.flatMap((projector) => Object.keys(projector.collections));
}

/** JSON with every object's keys sorted, so equal documents read from different stores hash alike. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

export function documentHash(doc: unknown): string {
  return createHash('sha256').update(canonicalJson(doc)).digest('base64url').slice(0, 22);
}

function digestOf(documents: Map<string, string>): CollectionDigest {
  const sorted = [...documents].sort(([a], [b]) => byCodeUnits(a, b));
  const hash = createHash('sha256');
  for (const [id, docHash] of sorted) hash.update(`${JSON.stringify(id)}:${docHash}\n`);
  return { count: sorted.length, hash: hash.digest('base64url'), documents: Object.fromEntries(sorted) };
}

/**
 * The digest of `collections` as they stood at `position`, or the newest position found in them
 * when some document was written by a later event (the documents moved on while being read, or the
 * position was not yet reached by every writer): read again at a later position then. Every event up
 * to `position` must have been applied before this is called; projected documents carry the
 * position of the last event that wrote them, and no write removes a document.
 */
export async function digestAt(
  store: DocumentStore,
  collections: readonly string[],
  position: number,
): Promise<{ digest: ReadModelDigest } | { newerThan: number }> {
  // All reads start in one turn, so an in-process store answers them before any write interleaves.
  const snapshots = await Promise.all(collections.map((name) => store.collection(name).find({})));
  let newest = position;
  for (const docs of snapshots) for (const doc of docs) newest = Math.max(newest, Number(doc[POSITION_FIELD] ?? position));
  if (newest > position) return { newerThan: newest };
  const digests: Record<string, CollectionDigest> = {};
  for (const [i, name] of collections.entries()) {
    const documents = new Map<string, string>();
    for (const [n, doc] of snapshots[i].entries()) {
      if (n > 0 && n % HASHED_PER_TURN === 0) await nextTurn();
      documents.set(String(doc._id), documentHash(doc));
    }
    digests[name] = digestOf(documents);
  }
  return { digest: { position, collections: digests } };
}

/** What a running process's projections tell about how far they are. */
export interface ProjectionProgress {
  /** The last log position every projector has applied. */
  readonly position: number;
  waitFor(position: number, timeoutMs?: number): Promise<boolean>;
}

/**
 * The digest of read models that a running projection keeps writing: taken at the position it has
 * reached; when a later write shows up in the read, wait until the projection has passed it and
 * read again. Null when the read models never stood still for `attempts` reads.
 */
export async function runningDigest(
  store: DocumentStore,
  collections: readonly string[],
  projection: ProjectionProgress,
  attempts = 10,
): Promise<ReadModelDigest | null> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const read = await digestAt(store, collections, projection.position);
    if ('digest' in read) return read.digest;
    await projection.waitFor(read.newerThan);
  }
  return null;
}

/** Collection by collection (in the live digest's order, then any only the rebuild has): which documents differ. */
export function compareDigests(live: ReadModelDigest, rebuilt: ReadModelDigest): CollectionComparison[] {
  const empty = digestOf(new Map());
  const names = [...new Set([...Object.keys(live.collections), ...Object.keys(rebuilt.collections)])];
  return names.map((collection) => {
    const a = live.collections[collection] ?? empty;
    const b = rebuilt.collections[collection] ?? empty;
    const differing =
      a.hash === b.hash
        ? []
        : [...new Set([...Object.keys(a.documents), ...Object.keys(b.documents)])]
            .filter((id) => own(a.documents, id) !== own(b.documents, id))
            .sort(byCodeUnits);
    return { collection, live: a.count, rebuilt: b.count, differing };
  });
}

/** A document's hash, never something inherited (an id may be `constructor`). */
function own(documents: Record<string, string>, id: string): string | undefined {
  return Object.hasOwn(documents, id) ? documents[id] : undefined;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
