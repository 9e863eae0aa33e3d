import { Refusal, invalidInput, isRefusal } from '../../domain/shared/refusal';

/** Opaque cursors that say which list they belong to, so one list's cursor is refused by another. */
export function encodeOffsetCursor(kind: string, offset: number): string {
  return Buffer.from(JSON.stringify({ k: kind, o: offset })).toString('base64url');
}

export function decodeOffsetCursor(raw: string, kind: string): number | Refusal {
  try {
    const cursor = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { k?: unknown; o?: unknown };
    if (cursor.k === kind && typeof cursor.o === 'number' && Number.isInteger(cursor.o) && cursor.o >= 0) return cursor.o;
  } catch {
    // fall through: an unreadable cursor is refused like a foreign one
  }
  return invalidInput([{ reason: 'cursor_not_this_list', field: 'cursor', detail: 'this cursor belongs to another list: start again from the first page' }]);
}

/**
 * Where the next page of a list starts: `offset`, or right after the last items of the page before
 * (`anchors`, its last few ids, last one last) when the list changed in between. A trip
 * unpublished (or published) ahead of the cursor would otherwise shift the list under it, and the
 * next page would skip (or repeat) one.
 */
export interface ListCursor {
  offset: number;
  anchors: string[];
}

/** Items of a page named in its cursor: enough that one of them is still there after a few changes. */
const ANCHORS = 3;

export function encodeListCursor(kind: string, offset: number, pageIds: readonly string[]): string {
  return Buffer.from(JSON.stringify({ k: kind, o: offset, a: pageIds.slice(-ANCHORS) })).toString('base64url');
}

export function decodeListCursor(raw: string, kind: string): ListCursor | Refusal {
  const offset = decodeOffsetCursor(raw, kind);
  if (isRefusal(offset)) return offset;
  const anchors = (JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { a?: unknown }).a;
  return { offset, anchors: Array.isArray(anchors) ? anchors.filter((id): id is string => typeof id === 'string').slice(-ANCHORS) : [] };
}

/**
 * The index the page after `cursor` starts at among `count` items: after the newest of its anchors still near
 * where the page before ended (within `limit`; a trip that moved further, say re-priced, is not followed), else its offset.
 */
export function resumeAt(count: number, idAt: (index: number) => string, cursor: ListCursor, limit: number): number {
  for (let i = cursor.anchors.length - 1; i >= 0; i--) {
    const expected = cursor.offset - (cursor.anchors.length - i);
    const to = Math.min(count, expected + limit + 1);
    for (let at = Math.max(0, expected - limit); at < to; at++) if (idAt(at) === cursor.anchors[i]) return at + 1;
  }
  return cursor.offset;
}

/** One page of a list, as every list answers it. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
  total: number;
}

/** Where a page of the list `kind` starts: the first page without a cursor, else where the cursor says. */
export interface PageRequest {
  kind: string;
  offset: number;
  limit: number;
}

export function pageOf(kind: string, cursor: string | undefined, limit: number): PageRequest | Refusal {
  const offset = cursor ? decodeOffsetCursor(cursor, kind) : 0;
  return isRefusal(offset) ? offset : { kind, offset, limit };
}

/** The answer for one page: its items, the cursor of the next page (null on the last) and the list's total. */
export function pageAnswer<T>(page: PageRequest, data: T[], total: number): Page<T> {
  const end = page.offset + page.limit;
  return { data, next_cursor: end < total ? encodeOffsetCursor(page.kind, end) : null, total };
}
