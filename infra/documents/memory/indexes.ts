import { Doc, DuplicateKey } from '../../../application/platform/ports/document-store';
import { encodeKey, pathValues } from './values';

function addToSetMap(map: Map<string, Set<string>>, key: string, id: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}

/** A hash index over one or more fields, keyed for lookups by its first field. */
export class HashIndex {
  readonly fields: string[][];
  readonly firstPath: string;
  /** Keyed by the first field, so it also serves equality on a compound index's prefix. */
  private readonly lookup = new Map<string, Set<string>>();
  /** Keyed by the full tuple of precise keys; only for unique indexes. */
  private readonly owners = new Map<string, string>();

  constructor(
    private readonly collection: string,
    paths: string[],
    readonly unique: boolean,
  ) {
    this.fields = paths.map((p) => p.split('.'));
    this.firstPath = paths[0];
  }

  /** At most how many documents `idsFor(values)` gives; undefined when a value cannot be hashed. */
  estimate(values: unknown[]): number | undefined {
    let size = 0;
    for (const value of values) {
      const key = this.keyOf(value);
      if (key === undefined) return undefined;
      size += this.lookup.get(key)?.size ?? 0;
    }
    return size;
  }

  /** Ids of the documents whose first field may equal one of `values`; undefined when a value cannot be hashed. */
  idsFor(values: unknown[]): Set<string> | undefined {
    const keys = values.map((value) => this.keyOf(value));
    if (keys.includes(undefined)) return undefined;
    if (keys.length === 1) return this.lookup.get(keys[0]!) ?? new Set();
    const ids = new Set<string>();
    for (const key of keys) for (const id of this.lookup.get(key!) ?? []) ids.add(id);
    return ids;
  }

  /** Throws DuplicateKey when another document holds the same key; `previous` is the version `doc` replaces. */
  checkUnique(doc: Readonly<Doc>, previous?: Readonly<Doc>): void {
    if (!this.unique || (previous && this.fields.every(([top]) => previous[top] === doc[top]))) return;
    for (const key of this.uniqueKeys(doc)) {
      const owner = this.owners.get(key);
      if (owner !== undefined && owner !== doc._id) {
        const value = Object.fromEntries(this.fields.map((segs) => [segs.join('.'), pathValues(doc, segs, false)[0]]));
        throw new DuplicateKey(this.collection, JSON.stringify(value));
      }
    }
  }

  add(doc: Readonly<Doc>): void {
    for (const key of this.lookupKeys(doc)) addToSetMap(this.lookup, key, doc._id);
    if (this.unique) for (const key of this.uniqueKeys(doc)) this.owners.set(key, doc._id);
  }

  /** Moves a document's entries from its previous version to its next, touching only keys that changed. */
  replace(previous: Readonly<Doc>, next: Readonly<Doc>): void {
    // Updates share unchanged fields with the stored version, so most writes leave an index alone.
    if (this.fields.every(([top]) => previous[top] === next[top])) return;
    const before = this.lookupKeys(previous);
    const after = this.lookupKeys(next);
    for (const key of before) {
      if (after.has(key)) continue;
      const set = this.lookup.get(key);
      set?.delete(previous._id);
      if (set?.size === 0) this.lookup.delete(key);
    }
    for (const key of after) if (!before.has(key)) addToSetMap(this.lookup, key, next._id);
    if (this.unique) {
      for (const key of this.uniqueKeys(previous)) this.owners.delete(key);
      for (const key of this.uniqueKeys(next)) this.owners.set(key, next._id);
    }
  }

  remove(doc: Readonly<Doc>): void {
    for (const key of this.lookupKeys(doc)) {
      const set = this.lookup.get(key);
      set?.delete(doc._id);
      if (set?.size === 0) this.lookup.delete(key);
    }
    if (this.unique) for (const key of this.uniqueKeys(doc)) this.owners.delete(key);
  }

  /**
   * The keys a document is found under: its values and null on each step through an array. Not
   * whole arrays: equality with an array literal is rare, so it reads the collection instead of
   * each document adding a key (and a set) of its own.
   */
  private lookupKeys(doc: Readonly<Doc>): Set<string> {
    const keys = new Set<string>();
    for (const value of pathValues(doc, this.fields[0], true)) {
      const key = Array.isArray(value) ? undefined : encodeKey(value);
      if (key !== undefined) keys.add(key);
    }
    return keys;
  }

  /** The key of a value looked up, undefined when the index cannot answer it (an array literal, a regex). */
  private keyOf(value: unknown): string | undefined {
    return Array.isArray(value) ? undefined : encodeKey(value);
  }

  /** One key per combination of the fields' precise values, as MongoDB builds compound index keys. */
  private uniqueKeys(doc: Readonly<Doc>): Set<string> {
    let tuples: string[][] = [[]];
    for (const segs of this.fields) {
      const keys = [...new Set(pathValues(doc, segs, false).flatMap((v) => encodeKey(v) ?? []))];
      tuples = tuples.flatMap((t) => keys.map((k) => [...t, k]));
    }
    return new Set(tuples.map((t) => JSON.stringify(t)));
  }
}
