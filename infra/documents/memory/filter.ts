import { Query } from 'mingo';
import { keepNewest } from '../../../application/platform/bounded-map';
import type { Filter } from '../../../application/platform/ports/document-store';
import { EMPTY_ARRAY, isOperatorObject, isPlainObject } from './values';

/** Whether a stored document matches a filter. */
export type Predicate = (doc: object) => boolean;

/** A value the compiled conditions compare with plain `===` and `<`: what MongoDB compares the same way. */
type Scalar = string | number | boolean;

const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && !Number.isNaN(v));

/** The values need mingo: the path crosses an array, whose sub-documents have rules of their own. */
const THROUGH_ARRAY = Symbol('through an array');

/**
 * A field's value: undefined when missing, also under a missing or scalar parent; THROUGH_ARRAY
 * when the path crosses an array before its last field.
 */
function reader(path: string): ((doc: object) => unknown) | undefined {
  const segs = path.split('.');
  if (segs.some((seg) => seg === '' || seg.startsWith('$') || /^\d+$/.test(seg))) return undefined;
  if (segs.length === 1) {
    // Documents are plain objects: only a name Object.prototype also has needs the own-property check.
    if (!(path in Object.prototype)) return (doc) => (doc as Record<string, unknown>)[path];
    return (doc) => (Object.hasOwn(doc, path) ? (doc as Record<string, unknown>)[path] : undefined);
  }
  return (doc) => {
    let value: unknown = doc;
    for (const seg of segs) {
      if (Array.isArray(value)) return THROUGH_ARRAY;
      value = isPlainObject(value) && Object.hasOwn(value, seg) ? value[seg] : undefined;
    }
    return value;
  };
}

type Test = (v: unknown) => boolean;

/** One operator of a field condition as a test of one value; undefined when the operand is not a plain scalar. */
function operatorTest(op: string, operand: unknown): { test: Test; negated: boolean } | undefined {
  const scalars = (list: unknown) => (Array.isArray(list) && list.every(isScalar) ? new Set<unknown>(list) : undefined);
  // MongoDB compares a string only with strings and a number only with numbers.
  const ordered = (cmp: (a: Scalar, b: Scalar) => boolean): { test: Test; negated: boolean } | undefined =>
    typeof operand === 'number' && !Number.isNaN(operand)
      ? { test: (v) => typeof v === 'number' && cmp(v, operand), negated: false }
      : typeof operand === 'string'
        ? { test: (v) => typeof v === 'string' && cmp(v, operand), negated: false }
        : undefined;
  switch (op) {
    case '$eq':
      return isScalar(operand) ? { test: (v) => v === operand, negated: false } : undefined;
    case '$ne':
      return isScalar(operand) ? { test: (v) => v === operand, negated: true } : undefined;
    case '$in': {
      const set = scalars(operand);
      return set && { test: (v) => set.has(v), negated: false };
    }
    case '$nin': {
      const set = scalars(operand);
      return set && { test: (v) => set.has(v), negated: true };
    }
    case '$gt':
      return ordered((a, b) => a > b);
    case '$gte':
      return ordered((a, b) => a >= b);
    case '$lt':
      return ordered((a, b) => a < b);
    case '$lte':
      return ordered((a, b) => a <= b);
  }
  return undefined;
}

/** A field's condition; `$ne` and `$nin` match when no value passes, the rest when one does. */
function fieldPredicate(path: string, condition: unknown): Predicate | undefined {
  if (condition instanceof RegExp) return undefined;
  if (!isOperatorObject(condition)) {
    if (!isScalar(condition)) return undefined;
    return fieldPredicate(path, { $eq: condition });
  }
  const ops = Object.keys(condition);
  if (ops.length === 1 && ops[0] === '$exists') {
    if (path.includes('.') || typeof condition.$exists !== 'boolean') return undefined;
    const wanted = condition.$exists;
    return (doc) => (Object.hasOwn(doc, path) && (doc as Record<string, unknown>)[path] !== undefined) === wanted;
  }
  const read = reader(path);
  if (!read) return undefined;
  const tests: { test: Test; negated: boolean }[] = [];
  for (const op of ops) {
    const test = operatorTest(op, condition[op]);
    if (!test) return undefined;
    tests.push(test);
  }
  let throughArrays: Query | undefined;
  /** One value: missing counts as null. An array is met by any element, each operator on its own, as without $elemMatch; an empty one by none. */
  const meets = (value: unknown): boolean => {
    if (!Array.isArray(value)) {
      const v = value ?? null;
      for (const { test, negated } of tests) if (test(v) === negated) return false;
      return true;
    }
    const elements = value.length === 0 ? [EMPTY_ARRAY] : value;
    for (const { test, negated } of tests) if (elements.some(test) === negated) return false;
    return true;
  };
  return (doc) => {
    const value = read(doc);
    if (value === THROUGH_ARRAY) return (throughArrays ??= new Query({ [path]: condition })).test(doc);
    return meets(value);
  };
}

/** The filter as a plain function, or undefined when it uses anything beyond the common operators. */
function compile(filter: Filter): Predicate | undefined {
  const parts: Predicate[] = [];
  for (const [key, value] of Object.entries(filter)) {
    let part: Predicate | undefined;
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0 || !value.every(isPlainObject)) return undefined;
      const subs = value.map(compile);
      if (subs.some((s) => s === undefined)) return undefined;
      const all = subs as Predicate[];
      part = key === '$and' ? (doc) => all.every((p) => p(doc)) : (doc) => all.some((p) => p(doc));
    } else if (!key.startsWith('$')) {
      part = fieldPredicate(key, value);
    }
    if (!part) return undefined;
    parts.push(part);
  }
  if (parts.length === 1) return parts[0];
  return (doc) => {
    for (const part of parts) if (!part(doc)) return false;
    return true;
  };
}

/**
 * A filter's matcher: equality, $in, $nin, $ne and ranges on strings and numbers, top-level
 * $exists, $and and $or run as compiled closures (lists test thousands of documents per
 * request, and the projections build a filter per write); every other filter goes to mingo.
 */
export function matcher(filter: Filter): Predicate {
  const key = cacheKey(filter);
  const known = key === undefined ? undefined : compiledFilters.get(key);
  if (known) return known;
  const compiled = compile(filter);
  let predicate: Predicate;
  if (compiled) predicate = compiled;
  else {
    const query = new Query(filter);
    predicate = (doc) => query.test(doc);
  }
  if (key !== undefined) {
    compiledFilters.set(key, predicate);
    keepNewest(compiledFilters, COMPILED_KEPT);
  }
  return predicate;
}

/**
 * Requests build the same few filters over and over (a storefront's visible trips and an id, a
 * document's id and the position guard of a projection write): each is compiled once and kept
 * under its JSON text. Filters holding values JSON cannot tell apart from others (a Date reads
 * like its ISO text) or long ones (a list of thousands of ids) are compiled every time.
 */
const compiledFilters = new Map<string, Predicate>();
const COMPILED_KEPT = 1_000;
const MAX_CACHED_FILTER_LENGTH = 2_000;

function cacheKey(filter: Filter): string | undefined {
  // A projection write's guard ({$and: [its filter, older than this event]}) is new for every event.
  if ('$and' in filter) return undefined;
  const parts: string[] = [];
  return keyOf(filter, parts) && parts.length <= MAX_CACHED_FILTER_LENGTH ? parts.join('') : undefined;
}

/** Writes `value` as JSON into `parts`; false for what JSON would write like something else, or for too much. */
function keyOf(value: unknown, parts: string[]): boolean {
  if (parts.length > MAX_CACHED_FILTER_LENGTH) return false;
  if (value === null || typeof value === 'boolean') parts.push(String(value));
  // NaN and the infinities would read as null, -0 as 0.
  else if (typeof value === 'number') {
    if (!Number.isFinite(value) || Object.is(value, -0)) return false;
    parts.push(String(value));
  } else if (typeof value === 'string') parts.push(JSON.stringify(value));
  else if (Array.isArray(value)) {
    parts.push('[');
    for (const item of value) if (!keyOf(item, parts) || !parts.push(',')) return false;
    parts.push(']');
  } else if (isPlainObject(value) && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    parts.push('{');
    for (const [key, item] of Object.entries(value)) {
      parts.push(JSON.stringify(key), ':');
      if (!keyOf(item, parts)) return false;
      parts.push(',');
    }
    parts.push('}');
  } else return false;
  return true;
}
