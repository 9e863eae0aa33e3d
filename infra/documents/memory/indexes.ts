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

  /** Ids of the documents whose first field may equal one of `values`; undefined when a value cannot be hashed. */
  idsFor(values: unknown[]): Set<string> | undefined {
    const keys = values.map(encodeKey);
    if (keys.includes(undefined)) return undefined;
    if (keys.length === 1) return this.lookup.get(keys[0]!) ?? new Set();
    const ids = new Set<string>();
    for (const key of keys) for (const id of this.lookup.get(key!) ?? []) ids.add(id);
    return ids;
  }

  checkUnique(doc: Readonly<Doc>): void {
    if (!this.unique) return;
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

  remove(doc: Readonly<Doc>): void {
    for (const key of this.lookupKeys(doc)) {
      const set = this.lookup.get(key);
      set?.delete(doc._id);
      if (set?.size === 0) this.lookup.delete(key);
    }
    if (this.unique) for (const key of this.uniqueKeys(doc)) this.owners.delete(key);
  }

  private lookupKeys(doc: Readonly<Doc>): Set<string> {
    return new Set(pathValues(doc, this.fields[0], true).flatMap((v) => encodeKey(v) ?? []));
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
