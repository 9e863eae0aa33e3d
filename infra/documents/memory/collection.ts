import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Query } from 'mingo';
import { Collection, Doc, DuplicateKey, Filter, FindOptions, Update, UpdateResult } from '../../../application/platform/ports/document-store';
import { HashIndex } from './indexes';
import { equalities, project, sortDocs } from './query';
import { applyUpdate, checkUpdateDocument, deepFreeze, seedFromFilter } from './update';

type Plan =
  { kind: 'id'; ids: string[]; residual: Filter } | { kind: 'index'; field: string; ids: Set<string>; residual: Filter } | { kind: 'scan'; residual: Filter };

function newId(): string {
  return randomBytes(12).toString('hex');
}

export class MemoryCollection<T extends Doc = Doc> implements Collection<T> {
  private docs = new Map<string, Readonly<T>>();
  private indexes = new Map<string, HashIndex>();
  /** MongoDB keeps an emptied collection until it is dropped. */
  private exists = false;

  constructor(readonly name: string) {}

  get existing(): boolean {
    return this.exists;
  }

  /** How a filter's candidates are found: 'id' (primary map), 'index:<field>' (hash index) or 'scan'. */
  explain(filter: Filter): 'id' | 'scan' | `index:${string}` {
    const plan = this.plan(filter);
    return plan.kind === 'index' ? `index:${plan.field}` : plan.kind;
  }

  async createIndex(keys: Record<string, 1 | -1>, options: { unique?: boolean } = {}): Promise<void> {
    this.exists = true;
    const paths = Object.keys(keys);
    if (paths.length === 1 && paths[0] === '_id') return;
    const name = Object.entries(keys)
      .map(([k, d]) => `${k}_${d}`)
      .join('_');
    const unique = options.unique ?? false;
    const existing = this.indexes.get(name);
    if (existing) {
      if (existing.unique !== unique) throw new Error(`index ${name} already exists with different options`);
      return;
    }
    const index = new HashIndex(this.name, paths, unique);
    for (const doc of this.docs.values()) {
      index.checkUnique(doc);
      index.add(doc);
    }
    this.indexes.set(name, index);
  }

  async findOne(filter: Filter, options: FindOptions = {}): Promise<Readonly<T> | null> {
    return this.select(filter, { ...options, limit: 1 })[0] ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<Readonly<T>[]> {
    return this.select(filter, options);
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    return this.matches(filter).length;
  }

  async insertOne(doc: T): Promise<void> {
    this.store(undefined, deepFreeze(structuredClone(doc)));
  }

  async replaceOne(filter: Filter, doc: T, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const [current] = this.matches(filter, 1);
    if (!current) {
      if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
      const replacement = structuredClone(doc) as Record<string, unknown>;
      const created = { _id: replacement._id ?? seedFromFilter(filter)._id ?? newId(), ...replacement } as T;
      this.store(undefined, deepFreeze(created));
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
    }
    if (doc._id !== undefined && doc._id !== current._id) {
      throw new Error(`replaceOne would modify the immutable field '_id' of ${current._id}`);
    }
    const replacement = structuredClone(doc) as Record<string, unknown>;
    replacement._id = current._id;
    if (isDeepStrictEqual(replacement, current)) return { matchedCount: 1, modifiedCount: 0, upsertedCount: 0 };
    this.store(current, deepFreeze(replacement as T));
    return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    checkUpdateDocument(update);
    const [current] = this.matches(filter, 1);
    if (current) {
      const modified = this.modify(current, update);
      return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedCount: 0 };
    }
    if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    const seeded = seedFromFilter(filter);
    applyUpdate(seeded, update, true);
    // `_id` goes first, where MongoDB puts it.
    this.store(undefined, deepFreeze({ _id: seeded._id ?? newId(), ...seeded } as T));
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    checkUpdateDocument(update);
    const matched = this.matches(filter);
    let modifiedCount = 0;
    for (const doc of matched) if (this.modify(doc, update)) modifiedCount++;
    return { matchedCount: matched.length, modifiedCount, upsertedCount: 0 };
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const [doc] = this.matches(filter, 1);
    if (doc) this.remove(doc);
    return { deletedCount: doc ? 1 : 0 };
  }

  async deleteMany(filter: Filter = {}): Promise<{ deletedCount: number }> {
    const matched = this.matches(filter);
    for (const doc of matched) this.remove(doc);
    return { deletedCount: matched.length };
  }

  async drop(): Promise<void> {
    this.docs = new Map();
    this.indexes = new Map();
    this.exists = false;
  }

  private plan(filter: Filter): Plan {
    const eqs = equalities(filter);
    const byId = eqs.find((e) => e.field === '_id');
    if (byId) {
      const ids = [...new Set(byId.values)].filter((v): v is string => typeof v === 'string' && this.docs.has(v));
      let residual = filter;
      if (byId.exact) {
        const { _id, ...rest } = filter;
        residual = rest;
      }
      return { kind: 'id', ids, residual };
    }
    let best: { field: string; ids: Set<string> } | undefined;
    for (const eq of eqs) {
      const ids = this.indexOn(eq.field)?.idsFor(eq.values);
      if (ids && (!best || ids.size < best.ids.size)) best = { field: eq.field, ids };
    }
    return best ? { kind: 'index', ...best, residual: filter } : { kind: 'scan', residual: filter };
  }

  private indexOn(field: string): HashIndex | undefined {
    for (const index of this.indexes.values()) if (index.firstPath === field) return index;
    return undefined;
  }

  private *candidates(plan: Plan): Iterable<Readonly<T>> {
    if (plan.kind === 'scan') {
      yield* this.docs.values();
      return;
    }
    for (const id of plan.ids) yield this.docs.get(id)!;
  }

  /** Matching stored documents in natural order, stopping after `limit` when given. */
  private matches(filter: Filter, limit = Infinity): Readonly<T>[] {
    const plan = this.plan(filter);
    const query = Object.keys(plan.residual).length > 0 ? new Query(plan.residual) : undefined;
    const out: Readonly<T>[] = [];
    if (limit <= 0) return out;
    for (const doc of this.candidates(plan)) {
      if (query && !query.test(doc)) continue;
      out.push(doc);
      if (out.length >= limit) break;
    }
    return out;
  }

  private select(filter: Filter, options: FindOptions): Readonly<T>[] {
    const skip = Math.max(0, options.skip ?? 0);
    const limit = options.limit ? Math.abs(options.limit) : Infinity;
    const sorted = options.sort && Object.keys(options.sort).length > 0;
    let docs = sorted ? sortDocs(this.matches(filter), options.sort!).slice(skip, skip + limit) : this.matches(filter, skip + limit).slice(skip);
    if (options.projection && Object.keys(options.projection).length > 0) {
      const projection = options.projection;
      docs = docs.map((d) => project(d, projection));
    }
    return docs;
  }

  private modify(current: Readonly<T>, update: Update): boolean {
    const next = structuredClone(current) as Record<string, unknown>;
    if (!applyUpdate(next, update, false)) return false;
    if (next._id !== current._id) {
      throw new Error(`update would modify the immutable field '_id' of ${current._id}`);
    }
    this.store(current, deepFreeze(next as T));
    return true;
  }

  /** Replaces `previous` (or inserts) after every uniqueness check passed, so a rejected write changes nothing. */
  private store(previous: Readonly<T> | undefined, next: Readonly<T>): void {
    if (!previous && this.docs.has(next._id)) throw new DuplicateKey(this.name, JSON.stringify({ _id: next._id }));
    for (const index of this.indexes.values()) index.checkUnique(next);
    for (const index of this.indexes.values()) {
      if (previous) index.remove(previous);
      index.add(next);
    }
    this.docs.set(next._id, next);
    this.exists = true;
  }

  private remove(doc: Readonly<T>): void {
    for (const index of this.indexes.values()) index.remove(doc);
    this.docs.delete(doc._id);
  }
}
