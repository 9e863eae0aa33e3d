import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Query, createUpdater } from 'mingo';
import { Collection, Doc, DocumentStore, DuplicateKey, Filter, FindOptions, Sort, Update, UpdateResult } from '../../application/platform/ports/document-store';

// Deep cloning keeps the caller's update values out of the stored document, which is about to be frozen.
const applyOperator = createUpdater({ cloneMode: 'deep' });
type UpdateExpression = Parameters<typeof applyOperator>[1];

/** MongoDB keys an empty array as `undefined`, which sorts before null. */
const EMPTY_ARRAY = Symbol('empty array');

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof RegExp) && !ArrayBuffer.isView(v);

const isOperatorObject = (v: unknown): v is Record<string, unknown> => isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'));

function deepFreeze<T>(value: T): T {
  // Freezing before descending also ends cycles, which structuredClone preserves; typed arrays
  // cannot be frozen while they have elements.
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value) && !ArrayBuffer.isView(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The values a dotted path reaches, arrays expanded as MongoDB's matcher and indexes see them;
 * missing paths give null. `liberal` widens the set for hash lookups so that it is a superset
 * of whatever the matcher could accept: whole arrays (equality with an array literal) and null
 * on every step through an array (null queries and missing elements).
 */
function pathValues(value: unknown, segs: string[], liberal: boolean, i = 0, out: unknown[] = []): unknown[] {
  if (i === segs.length) {
    if (!Array.isArray(value)) out.push(value ?? null);
    else if (value.length === 0) out.push(liberal ? value : EMPTY_ARRAY);
    else {
      if (liberal) out.push(value);
      out.push(...value);
    }
    return out;
  }
  if (Array.isArray(value)) {
    const before = out.length;
    const seg = segs[i];
    if (/^\d+$/.test(seg) && Number(seg) < value.length) pathValues(value[Number(seg)], segs, liberal, i + 1, out);
    for (const el of value) if (isPlainObject(el) || (liberal && Array.isArray(el))) pathValues(el, segs, liberal, i, out);
    if (liberal || out.length === before) out.push(null);
    return out;
  }
  if (isPlainObject(value)) return pathValues(value[segs[i]], segs, liberal, i + 1, out);
  out.push(null);
  return out;
}

/** A string that is equal for values MongoDB's equality treats as equal; undefined when not hashable (regexes). */
function encodeKey(v: unknown): string | undefined {
  if (v === null || v === undefined) return 'z';
  if (v === EMPTY_ARRAY) return 'u';
  switch (typeof v) {
    case 'string':
      return 's' + v;
    case 'number':
      return 'n' + (Object.is(v, -0) ? '0' : String(v));
    case 'bigint':
      return 'n' + String(v);
    case 'boolean':
      return 'b' + String(v);
  }
  if (v instanceof Date) return 'd' + v.getTime();
  if (Array.isArray(v)) {
    const parts = v.map(encodeKey);
    return parts.includes(undefined) ? undefined : 'a' + JSON.stringify(parts);
  }
  if (isPlainObject(v)) {
    // Sorted keys: mingo compares objects regardless of field order, so the hash must too.
    const parts = Object.keys(v)
      .sort()
      .map((k) => [k, encodeKey(v[k])]);
    return parts.some(([, p]) => p === undefined) ? undefined : 'o' + JSON.stringify(parts);
  }
  return undefined;
}

/** MongoDB's cross-type sort order (BSON comparison order). */
function typeRank(v: unknown): number {
  if (v === EMPTY_ARRAY) return 0;
  if (v === null || v === undefined) return 1;
  if (typeof v === 'number' || typeof v === 'bigint') return 2;
  if (typeof v === 'string') return 3;
  if (Array.isArray(v)) return 5;
  if (ArrayBuffer.isView(v)) return 6;
  if (typeof v === 'boolean') return 8;
  if (v instanceof Date) return 9;
  if (v instanceof RegExp) return 11;
  return 4;
}

function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 2: {
      const x = Number(a);
      const y = Number(b);
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 3:
    case 11: {
      const x = String(a);
      const y = String(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 4: {
      const ea = Object.entries(a as object);
      const eb = Object.entries(b as object);
      for (let i = 0; i < Math.min(ea.length, eb.length); i++) {
        const c = compareValues(ea[i][0], eb[i][0]) || compareValues(ea[i][1], eb[i][1]);
        if (c) return c;
      }
      return ea.length - eb.length;
    }
    case 5:
    case 6: {
      const xa = Array.from(a as ArrayLike<unknown>);
      const xb = Array.from(b as ArrayLike<unknown>);
      for (let i = 0; i < Math.min(xa.length, xb.length); i++) {
        const c = compareValues(xa[i], xb[i]);
        if (c) return c;
      }
      return xa.length - xb.length;
    }
    case 8:
      return Number(a) - Number(b);
    case 9:
      return Math.sign((a as Date).getTime() - (b as Date).getTime());
  }
  return 0;
}

function sortDocs<T extends Doc>(docs: T[], sort: Sort): T[] {
  const fields = Object.entries(sort).map(([path, dir]) => ({ segs: path.split('.'), dir }));
  // MongoDB sorts an array-valued field by its smallest element ascending and its largest descending.
  const keyed = docs.map((doc) => ({
    doc,
    keys: fields.map(({ segs, dir }) => pathValues(doc, segs, false).reduce((best, v) => (compareValues(v, best) * dir < 0 ? v : best))),
  }));
  keyed.sort((x, y) => {
    for (let i = 0; i < fields.length; i++) {
      const c = compareValues(x.keys[i], y.keys[i]) * fields[i].dir;
      if (c) return c;
    }
    return 0;
  });
  return keyed.map((k) => k.doc);
}

function includePath(src: Record<string, unknown>, dst: Record<string, unknown>, segs: string[]): void {
  const [head, ...rest] = segs;
  if (!(head in src)) return;
  const value = src[head];
  if (rest.length === 0) {
    dst[head] = value;
  } else if (Array.isArray(value)) {
    // Like MongoDB: inside arrays only sub-documents survive a nested projection.
    const objects = value.filter(isPlainObject);
    const target = (dst[head] ??= objects.map(() => ({}))) as Record<string, unknown>[];
    objects.forEach((el, j) => includePath(el, target[j], rest));
  } else if (isPlainObject(value)) {
    includePath(value, (dst[head] ??= {}) as Record<string, unknown>, rest);
  }
}

function project<T extends Doc>(doc: T, projection: Record<string, 1>): T {
  const out: Record<string, unknown> = { _id: doc._id };
  for (const path of Object.keys(projection)) includePath(doc, out, path.split('.'));
  return out as T;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segs = path.split('.');
  let node = target;
  for (const seg of segs.slice(0, -1)) {
    if (!isPlainObject(node[seg])) node[seg] = {};
    node = node[seg] as Record<string, unknown>;
  }
  node[segs[segs.length - 1]] = structuredClone(value);
}

/** The document MongoDB starts an upsert from: the filter's equality conditions. */
function seedFromFilter(filter: Filter, seed: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and') for (const sub of value as Filter[]) seedFromFilter(sub, seed);
    else if (key === '$or' && Array.isArray(value) && value.length === 1) seedFromFilter(value[0], seed);
    else if (key.startsWith('$') || value instanceof RegExp) continue;
    else if (!isOperatorObject(value)) setPath(seed, key, value);
    else if ('$eq' in value) setPath(seed, key, value.$eq);
    else if (Array.isArray(value.$in) && value.$in.length === 1) setPath(seed, key, value.$in[0]);
  }
  return seed;
}

/** Values an equality-like condition accepts, or undefined when it is not a pure equality/$in. */
function equalityValues(condition: unknown): { values: unknown[]; exact: boolean } | undefined {
  if (condition instanceof RegExp) return undefined;
  if (!isOperatorObject(condition)) return { values: [condition], exact: true };
  const exact = Object.keys(condition).length === 1;
  if ('$eq' in condition && !(condition.$eq instanceof RegExp)) return { values: [condition.$eq], exact };
  if (Array.isArray(condition.$in) && !condition.$in.some((v) => v instanceof RegExp)) return { values: condition.$in, exact };
  return undefined;
}

interface Equality {
  field: string;
  values: unknown[];
  /** Top-level and nothing but an equality: the primary map answers it completely. */
  exact: boolean;
}

function equalities(filter: Filter, topLevel = true, out: Equality[] = []): Equality[] {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) for (const sub of value) equalities(sub, false, out);
    else if (!key.startsWith('$')) {
      const eq = equalityValues(value);
      if (eq) out.push({ field: key, values: eq.values, exact: topLevel && eq.exact });
    }
  }
  return out;
}

function checkUpdateDocument(update: Update): void {
  const ops = Object.keys(update);
  if (ops.length === 0 || ops.some((op) => !op.startsWith('$'))) {
    throw new Error('Update document requires atomic operators');
  }
}

function newId(): string {
  return randomBytes(12).toString('hex');
}

interface HashIndex {
  fields: string[][];
  firstPath: string;
  unique: boolean;
  /** Keyed by the first field, so it also serves equality on a compound index's prefix. */
  lookup: Map<string, Set<string>>;
  /** Keyed by the full tuple of precise keys; only for unique indexes. */
  owners: Map<string, string>;
}

type Plan =
  { kind: 'id'; ids: string[]; residual: Filter } | { kind: 'index'; field: string; ids: Set<string>; residual: Filter } | { kind: 'scan'; residual: Filter };

function addToSetMap(map: Map<string, Set<string>>, key: string, id: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
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
    const index: HashIndex = { fields: paths.map((p) => p.split('.')), firstPath: paths[0], unique, lookup: new Map(), owners: new Map() };
    for (const doc of this.docs.values()) {
      this.checkUnique(index, doc);
      this.addEntries(index, doc);
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
    this.applyUpdate(seeded, update, true);
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
      const index = this.indexOn(eq.field);
      if (!index) continue;
      const keys = eq.values.map(encodeKey);
      if (keys.includes(undefined)) continue;
      let ids: Set<string>;
      if (keys.length === 1) ids = index.lookup.get(keys[0]!) ?? new Set();
      else {
        ids = new Set();
        for (const key of keys) for (const id of index.lookup.get(key!) ?? []) ids.add(id);
      }
      if (!best || ids.size < best.ids.size) best = { field: eq.field, ids };
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

  private applyUpdate(doc: Record<string, unknown>, update: Update, inserting: boolean): boolean {
    let modified = false;
    for (const [op, args] of Object.entries(update)) {
      if (op === '$setOnInsert' && !inserting) continue;
      const expr = { [op === '$setOnInsert' ? '$set' : op]: args } as UpdateExpression;
      if (applyOperator(doc, expr).length > 0) modified = true;
    }
    return modified;
  }

  private modify(current: Readonly<T>, update: Update): boolean {
    const next = structuredClone(current) as Record<string, unknown>;
    if (!this.applyUpdate(next, update, false)) return false;
    if (next._id !== current._id) {
      throw new Error(`update would modify the immutable field '_id' of ${current._id}`);
    }
    this.store(current, deepFreeze(next as T));
    return true;
  }

  /** Replaces `previous` (or inserts) after every uniqueness check passed, so a rejected write changes nothing. */
  private store(previous: Readonly<T> | undefined, next: Readonly<T>): void {
    if (!previous && this.docs.has(next._id)) throw new DuplicateKey(this.name, JSON.stringify({ _id: next._id }));
    for (const index of this.indexes.values()) this.checkUnique(index, next);
    for (const index of this.indexes.values()) {
      if (previous) this.removeEntries(index, previous);
      this.addEntries(index, next);
    }
    this.docs.set(next._id, next);
    this.exists = true;
  }

  private remove(doc: Readonly<T>): void {
    for (const index of this.indexes.values()) this.removeEntries(index, doc);
    this.docs.delete(doc._id);
  }

  private lookupKeys(index: HashIndex, doc: Readonly<T>): Set<string> {
    return new Set(pathValues(doc, index.fields[0], true).flatMap((v) => encodeKey(v) ?? []));
  }

  /** One key per combination of the fields' precise values, as MongoDB builds compound index keys. */
  private uniqueKeys(index: HashIndex, doc: Readonly<T>): Set<string> {
    let tuples: string[][] = [[]];
    for (const segs of index.fields) {
      const keys = [...new Set(pathValues(doc, segs, false).flatMap((v) => encodeKey(v) ?? []))];
      tuples = tuples.flatMap((t) => keys.map((k) => [...t, k]));
    }
    return new Set(tuples.map((t) => JSON.stringify(t)));
  }

  private checkUnique(index: HashIndex, doc: Readonly<T>): void {
    if (!index.unique) return;
    for (const key of this.uniqueKeys(index, doc)) {
      const owner = index.owners.get(key);
      if (owner !== undefined && owner !== doc._id) {
        const value = Object.fromEntries(index.fields.map((segs) => [segs.join('.'), pathValues(doc, segs, false)[0]]));
        throw new DuplicateKey(this.name, JSON.stringify(value));
      }
    }
  }

  private addEntries(index: HashIndex, doc: Readonly<T>): void {
    for (const key of this.lookupKeys(index, doc)) addToSetMap(index.lookup, key, doc._id);
    if (index.unique) for (const key of this.uniqueKeys(index, doc)) index.owners.set(key, doc._id);
  }

  private removeEntries(index: HashIndex, doc: Readonly<T>): void {
    for (const key of this.lookupKeys(index, doc)) {
      const set = index.lookup.get(key);
      set?.delete(doc._id);
      if (set?.size === 0) index.lookup.delete(key);
    }
    if (index.unique) for (const key of this.uniqueKeys(index, doc)) index.owners.delete(key);
  }
}

export class MemoryDocumentStore implements DocumentStore {
  private readonly collections = new Map<string, MemoryCollection>();

  collection<T extends Doc = Doc>(name: string): MemoryCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) this.collections.set(name, (collection = new MemoryCollection(name)));
    return collection as unknown as MemoryCollection<T>;
  }

  async listCollections(): Promise<string[]> {
    return [...this.collections.values()].filter((c) => c.existing).map((c) => c.name);
  }

  async close(): Promise<void> {}
}
