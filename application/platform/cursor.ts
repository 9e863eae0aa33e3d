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
