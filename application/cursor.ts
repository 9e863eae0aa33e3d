import { Refusal, invalidInput } from '../domain/refusal';

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
