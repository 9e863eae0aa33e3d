import { expect } from 'chai';
import { type ListCursor, decodeListCursor, encodeListCursor, encodeOffsetCursor, resumeAt } from '../../../application/platform/cursor';
import { isRefusal } from '../../../domain/shared/refusal';

describe('list cursors', () => {
  const trips = (n: number) => Array.from({ length: n }, (_, i) => `trip-${i}`);
  const at = (ids: string[], cursor: ListCursor, limit: number) => resumeAt(ids.length, (i) => ids[i], cursor, limit);
  const cursorAfter = (ids: string[], end: number) => {
    const cursor = decodeListCursor(encodeListCursor('products.x', end, ids.slice(0, end)), 'products.x');
    if (isRefusal(cursor)) throw new Error('refused');
    return cursor;
  };

  it('starts the next page where the page before ended when nothing changed', () => {
    const ids = trips(10);
    expect(at(ids, cursorAfter(ids, 4), 4)).to.equal(4);
  });

  it('neither skips nor repeats a trip when one ahead of the cursor is unpublished or published', () => {
    const ids = trips(10);
    const cursor = cursorAfter(ids, 4);
    const unpublished = ids.filter((id) => id !== 'trip-1');
    expect(unpublished[at(unpublished, cursor, 4)]).to.equal('trip-4');
    const published = ['trip-new', ...ids];
    expect(published[at(published, cursor, 4)]).to.equal('trip-4');
  });

  it("carries on after the page's last trip still listed when its very last one is gone", () => {
    const ids = trips(10);
    const cursor = cursorAfter(ids, 4);
    const gone = ids.filter((id) => id !== 'trip-3');
    expect(gone[at(gone, cursor, 4)]).to.equal('trip-4');
  });

  it('falls back on the offset when none of the page is near where it was', () => {
    const ids = trips(10);
    const cursor = cursorAfter(ids, 4);
    expect(
      at(
        trips(10).map((id) => `${id}-renamed`),
        cursor,
        4,
      ),
    ).to.equal(4);
    expect(at([...ids.slice(4), ...ids.slice(0, 4)], cursor, 2)).to.equal(4);
  });

  it('still reads a cursor made before cursors named trips, as its offset', () => {
    const cursor = decodeListCursor(encodeOffsetCursor('products.x', 20), 'products.x');
    expect(cursor).to.deep.equal({ offset: 20, anchors: [] });
  });

  it("refuses another list's cursor", () => {
    expect(isRefusal(decodeListCursor(encodeListCursor('products.y', 4, ['a']), 'products.x'))).to.equal(true);
  });
});
