import { Doc, Filter, Sort } from '../../../application/platform/ports/document-store';
import { compareValues, isOperatorObject, isPlainObject, pathValues } from './values';

/** A field's sort key: a top-level non-array value as it is, else the smallest (ascending) or largest (descending) value. */
function sortKey(doc: Doc, segs: string[], dir: 1 | -1): unknown {
  if (segs.length === 1) {
    const value = doc[segs[0]];
    if (!Array.isArray(value)) return value ?? null;
  }
  // MongoDB sorts an array-valued field by its smallest element ascending and its largest descending.
  return pathValues(doc, segs, false).reduce((best, v) => (compareValues(v, best) * dir < 0 ? v : best));
}

export function sortDocs<T extends Doc>(docs: T[], sort: Sort): T[] {
  const fields = Object.entries(sort).map(([path, dir]) => ({ segs: path.split('.'), dir }));
  const keyed = docs.map((doc) => ({ doc, keys: fields.map(({ segs, dir }) => sortKey(doc, segs, dir)) }));
  // Numbers only (positions, prices): compared as numbers, without ranking types first.
  const numeric = fields.map((_, i) => keyed.every((k) => typeof k.keys[i] === 'number' && Number.isFinite(k.keys[i])));
  keyed.sort((x, y) => {
    for (let i = 0; i < fields.length; i++) {
      const c = numeric[i] ? ((x.keys[i] as number) - (y.keys[i] as number)) * fields[i].dir : compareValues(x.keys[i], y.keys[i]) * fields[i].dir;
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

export function project<T extends Doc>(doc: T, projection: Record<string, 1>): T {
  const out: Record<string, unknown> = { _id: doc._id };
  for (const path of Object.keys(projection)) includePath(doc, out, path.split('.'));
  return out as T;
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

export interface Equality {
  field: string;
  values: unknown[];
  /** Top-level and nothing but an equality: the primary map answers it completely. */
  exact: boolean;
}

/** The equality conditions a filter requires of every match, which an index may answer. */
export function equalities(filter: Filter, topLevel = true, out: Equality[] = []): Equality[] {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) for (const sub of value) equalities(sub, false, out);
    else if (!key.startsWith('$')) {
      const eq = equalityValues(value);
      if (eq) out.push({ field: key, values: eq.values, exact: topLevel && eq.exact });
    }
  }
  return out;
}
