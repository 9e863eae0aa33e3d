import { createUpdater } from 'mingo';
import { Filter, Update } from '../../../application/platform/ports/document-store';
import { isOperatorObject, isPlainObject } from './values';

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
