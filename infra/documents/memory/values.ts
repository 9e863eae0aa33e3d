/** MongoDB keys an empty array as `undefined`, which sorts before null. */
export const EMPTY_ARRAY = Symbol('empty array');

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof RegExp) && !ArrayBuffer.isView(v);

export const isOperatorObject = (v: unknown): v is Record<string, unknown> => isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$'));

/**
 * The values a dotted path reaches, arrays expanded as MongoDB's matcher and indexes see them;
 * missing paths give null. `liberal` widens the set for hash lookups so that it is a superset
 * of whatever the matcher could accept: whole arrays (equality with an array literal) and null
 * on every step through an array (null queries and missing elements).
 */
export function pathValues(value: unknown, segs: string[], liberal: boolean, i = 0, out: unknown[] = []): unknown[] {
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
export function encodeKey(v: unknown): string | undefined {
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

export function compareValues(a: unknown, b: unknown): number {
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

/** Equality as MongoDB's updates judge a no-op: 0 equals -0, NaN equals NaN, objects by their fields whatever their order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b || Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (a instanceof RegExp || b instanceof RegExp) return a instanceof RegExp && b instanceof RegExp && String(a) === String(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => k in b && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
