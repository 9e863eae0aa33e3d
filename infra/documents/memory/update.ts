import { createUpdater } from 'mingo';
import { Filter, Update } from '../../../application/platform/ports/document-store';
import { isOperatorObject, isPlainObject, sameValue } from './values';

// Deep cloning keeps the caller's update values out of the stored document, which is about to be frozen.
const applyOperator = createUpdater({ cloneMode: 'deep' });
type UpdateExpression = Parameters<typeof applyOperator>[1];

export function deepFreeze<T>(value: T): T {
  // Freezing before descending also ends cycles, which structuredClone preserves; typed arrays
  // cannot be frozen while they have elements.
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value) && !ArrayBuffer.isView(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Deeper than this a value is copied by structuredClone, which also keeps cycles. */
const MAX_COPY_DEPTH = 64;

class TooDeep extends Error {}

function copyFrozen(value: unknown, depth: number): unknown {
  // Functions and symbols cannot be stored: structuredClone says so as it did before.
  if (typeof value === 'function' || typeof value === 'symbol') return structuredClone(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_COPY_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return Object.freeze(value.map((v) => copyFrozen(v, depth + 1)));
  if (Object.getPrototypeOf(value) !== Object.prototype) return deepFreeze(structuredClone(value));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyFrozen((value as Record<string, unknown>)[key], depth + 1);
  return Object.freeze(out);
}

/** A deep-frozen copy of a value: plain objects and arrays copied directly, anything else by structuredClone. */
export function frozenCopy<T>(value: T): T {
  try {
    return copyFrozen(value, 0) as T;
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    return deepFreeze(structuredClone(value));
  }
}

const SIMPLE_OPS = new Set(['$set', '$unset', '$inc', '$setOnInsert']);

/** Plain field names only: positional, numeric and operator segments keep to mingo. */
const simplePath = (path: string) => path.split('.').every((seg) => seg !== '' && seg !== '__proto__' && !seg.startsWith('$') && !/^\d+$/.test(seg));

/**
 * $set, $unset and $inc (and $setOnInsert) on plain paths through plain objects, without copying
 * the document: only the objects on each changed path are copied, so the rest stays shared with
 * the stored document, frozen, and indexes see which top-level fields kept their value. Gives
 * the new frozen document, `null` when nothing changed, or undefined for what only mingo does
 * (other operators, arrays on the path, $inc of a non-number); the stored document is untouched.
 */
export function updateShared(current: Readonly<Record<string, unknown>>, update: Update, inserting: boolean): Record<string, unknown> | null | undefined {
  const ops = Object.keys(update);
  if (!ops.every((op) => SIMPLE_OPS.has(op) && isPlainObject(update[op]) && Object.keys(update[op] as object).every(simplePath))) return undefined;
  const root: Record<string, unknown> = { ...current };
  const copied = new Set<object>([root]);
  /** The object holding the path's last field, copied on the way; 'missing' or 'blocked' (a non-object on the way) otherwise. */
  const parentOf = (segs: string[], create: boolean): Record<string, unknown> | 'missing' | 'blocked' => {
    let node = root;
    for (const seg of segs.slice(0, -1)) {
      let child = node[seg];
      if (child === undefined) {
        if (!create) return 'missing';
        child = {};
      } else if (!isPlainObject(child)) {
        return 'blocked';
      } else if (!copied.has(child)) {
        child = { ...child };
      }
      copied.add(child as object);
      node[seg] = child;
      node = child as Record<string, unknown>;
    }
    return node;
  };
  let modified = false;
  for (const op of ops) {
    if (op === '$setOnInsert' && !inserting) continue;
    for (const [path, value] of Object.entries(update[op] as Record<string, unknown>)) {
      const segs = path.split('.');
      const last = segs[segs.length - 1];
      const parent = parentOf(segs, op !== '$unset');
      if (parent === 'blocked') return undefined;
      if (parent === 'missing') continue;
      if (op === '$unset') {
        if (Object.hasOwn(parent, last)) {
          delete parent[last];
          modified = true;
        }
      } else if (op === '$inc') {
        const before = parent[last];
        if (typeof value !== 'number' || (before !== undefined && typeof before !== 'number')) return undefined;
        parent[last] = ((before as number | undefined) || 0) + value;
        modified = true;
      } else if (!sameValue(parent[last], value)) {
        parent[last] = frozenCopy(value);
        modified = true;
      }
    }
  }
  if (!modified) return null;
  for (const object of copied) Object.freeze(object);
  return root;
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
export function seedFromFilter(filter: Filter, seed: Record<string, unknown> = {}): Record<string, unknown> {
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

export function checkUpdateDocument(update: Update): void {
  const ops = Object.keys(update);
  if (ops.length === 0 || ops.some((op) => !op.startsWith('$'))) {
    throw new Error('Update document requires atomic operators');
  }
}

/** Applies the update's operators to `doc` in place; true when something changed. */
export function applyUpdate(doc: Record<string, unknown>, update: Update, inserting: boolean): boolean {
  let modified = false;
  for (const [op, args] of Object.entries(update)) {
    if (op === '$setOnInsert' && !inserting) continue;
    const expr = { [op === '$setOnInsert' ? '$set' : op]: args } as UpdateExpression;
    if (applyOperator(doc, expr).length > 0) modified = true;
  }
  return modified;
}
