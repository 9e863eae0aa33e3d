import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Collection, Doc, DuplicateKey, Filter, FindOptions, Sort, Update, UpdateResult } from '../../../application/platform/ports/document-store';
import { matcher } from './filter';
import { HashIndex } from './indexes';
import { equalities, project, sortDocs } from './query';
import { applyUpdate, checkUpdateDocument, deepFreeze, frozenCopy, seedFromFilter, updateShared } from './update';

type Plan =
  { kind: 'id'; ids: string[]; residual: Filter } | { kind: 'index'; field: string; ids: Set<string>; residual: Filter } | { kind: 'scan'; residual: Filter };

/** Up to this many candidates a sorted find sorts them; above, it reads a kept order of the collection. */
const SORT_KEPT_FROM = 256;
/** Sort orders a collection keeps at once. */
const ORDERS_KEPT = 8;

function newId(): string {
  return randomBytes(12).toString('hex');
}

export class MemoryCollection<T extends Doc = Doc> implements Collection<T> {
  private docs = new Map<string, Readonly<T>>();
  private indexes = new Map<string, HashIndex>();
  /** MongoDB keeps an emptied collection until it is dropped. */
  private exists = false;
  private tested = 0;
  /** Bumped by every write: sorted orders kept for an older version are stale. */
  private version = 0;
  /** The whole collection in the orders sorted finds asked for, kept until the next write. */
  private orders = new Map<string, { version: number; docs: Readonly<T>[] }>();

  constructor(readonly name: string) {}

  get existing(): boolean {
    return this.exists;
  }

  /** How many times a stored document was tested against a filter: what an index saves. */
  get examined(): number {
    return this.tested;
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
    this.store(undefined, frozenCopy(doc));
  }

  async replaceOne(filter: Filter, doc: T, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const [current] = this.matches(filter, 1);
    if (!current) {
      if (!options.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
      const source = doc as Record<string, unknown>;
      const created = { _id: source._id ?? seedFromFilter(filter)._id ?? newId(), ...source } as T;
      this.store(undefined, frozenCopy(created));
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
    }
    if (doc._id !== undefined && doc._id !== current._id) {
      throw new Error(`replaceOne would modify the immutable field '_id' of ${current._id}`);
    }
    const replacement = { ...doc, _id: current._id };
    if (isDeepStrictEqual(replacement, current)) return { matchedCount: 1, modifiedCount: 0, upsertedCount: 0 };
    this.store(current, frozenCopy(replacement));
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
    const seed = seedFromFilter(filter);
    const shared = updateShared(seed, update, true);
    if (shared === undefined) applyUpdate(seed, update, true);
    const seeded = shared ?? seed;
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
    this.version++;
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
    let best: { field: string; index: HashIndex; values: unknown[]; size: number } | undefined;
    for (const eq of eqs) {
      const index = this.indexOn(eq.field);
      const size = index?.estimate(eq.values);
      if (index && size !== undefined && (!best || size < best.size)) best = { field: eq.field, index, values: eq.values, size };
    }
    // An index that would hand out nearly the whole collection saves nothing over reading it in order.
    if (!best || best.size > this.docs.size * 0.9) return { kind: 'scan', residual: filter };
    return { kind: 'index', field: best.field, ids: best.index.idsFor(best.values) ?? new Set(), residual: filter };
  }

  private indexOn(field: string): HashIndex | undefined {
    for (const index of this.indexes.values()) if (index.firstPath === field) return index;
    return undefined;
  }

  /** Matching stored documents in natural order, stopping after `limit` when given. */
  private matches(filter: Filter, limit = Infinity): Readonly<T>[] {
    const plan = this.plan(filter);
    const test = Object.keys(plan.residual).length > 0 ? matcher(plan.residual) : undefined;
    const out: Readonly<T>[] = [];
    if (limit <= 0) return out;
    const consider = (doc: Readonly<T>): boolean => {
      if (test) {
        this.tested++;
        if (!test(doc)) return false;
      }
      out.push(doc);
      return out.length >= limit;
    };
    if (plan.kind === 'scan') {
      for (const doc of this.docs.values()) if (consider(doc)) break;
    } else {
      for (const id of plan.ids) if (consider(this.docs.get(id)!)) break;
    }
    return out;
  }

  private select(filter: Filter, options: FindOptions): Readonly<T>[] {
    const skip = Math.max(0, options.skip ?? 0);
    const limit = options.limit ? Math.abs(options.limit) : Infinity;
    const sort = options.sort && Object.keys(options.sort).length > 0 ? options.sort : undefined;
    let docs = sort ? this.sorted(filter, sort, skip + limit).slice(skip, skip + limit) : this.matches(filter, skip + limit).slice(skip);
    if (options.projection && Object.keys(options.projection).length > 0) {
      const projection = options.projection;
      docs = docs.map((d) => project(d, projection));
    }
    return docs;
  }

  /**
   * The first `wanted` matches in sort order. Many candidates (a storefront's whole catalog, newest
   * first) are read in the collection's kept order for that sort, stopping at `wanted`, instead of
   * being tested and sorted every time; a few are sorted as they are.
   */
  private sorted(filter: Filter, sort: Sort, wanted: number): Readonly<T>[] {
    const plan = this.plan(filter);
    const candidates = plan.kind === 'scan' ? this.docs.size : plan.kind === 'index' ? plan.ids.size : plan.ids.length;
    if (candidates <= SORT_KEPT_FROM || (candidates * 8 < this.docs.size && wanted >= candidates)) return sortDocs(this.matches(filter), sort);
    const key = JSON.stringify(sort);
    let order = this.orders.get(key);
    if (order?.version !== this.version) {
      order = { version: this.version, docs: sortDocs([...this.docs.values()], sort) };
      if (this.orders.size >= ORDERS_KEPT) this.orders.clear();
      this.orders.set(key, order);
    }
    const test = Object.keys(filter).length > 0 ? matcher(filter) : undefined;
    const out: Readonly<T>[] = [];
    for (const doc of order.docs) {
      if (test) {
        this.tested++;
        if (!test(doc)) continue;
      }
      out.push(doc);
      if (out.length >= wanted) break;
    }
    return out;
  }

  private modify(current: Readonly<T>, update: Update): boolean {
    let next = updateShared(current, update, false);
    if (next === null) return false;
    if (next === undefined) {
      next = structuredClone(current) as Record<string, unknown>;
      if (!applyUpdate(next, update, false)) return false;
      deepFreeze(next);
    }
    if (next._id !== current._id) {
      throw new Error(`update would modify the immutable field '_id' of ${current._id}`);
    }
    this.store(current, next as T);
    return true;
  }

  /** Replaces `previous` (or inserts) after every uniqueness check passed, so a rejected write changes nothing. */
  private store(previous: Readonly<T> | undefined, next: Readonly<T>): void {
    if (!previous && this.docs.has(next._id)) throw new DuplicateKey(this.name, JSON.stringify({ _id: next._id }));
    for (const index of this.indexes.values()) index.checkUnique(next, previous);
    for (const index of this.indexes.values()) {
      if (previous) index.replace(previous, next);
      else index.add(next);
    }
    this.docs.set(next._id, next);
    this.version++;
    this.exists = true;
  }

  private remove(doc: Readonly<T>): void {
    for (const index of this.indexes.values()) index.remove(doc);
    this.docs.delete(doc._id);
    this.version++;
  }
}
