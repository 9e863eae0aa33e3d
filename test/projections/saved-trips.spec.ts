import { expect } from 'chai';
import { SavedTripsEvent, savedTripsStream } from '../../domain/saved-trips';
import { savedTripsProjector } from '../../projections/saved-trips/projector';
import { Given, project } from './project';

const ana = { storefrontId: 'sf-1', email: 'ana@example.com' };
const T1 = '2026-05-01T10:00:00.000Z';
const T2 = '2026-05-02T10:00:00.000Z';
const T3 = '2026-05-03T10:00:00.000Z';

const on = (owner: typeof ana, event: SavedTripsEvent): Given => ({ ...event, stream: savedTripsStream(owner.storefrontId, owner.email) });
const saved = (productId: string, savedAt: string, owner = ana): Given => on(owner, { type: 'TripSaved', data: { ...owner, productId, savedAt } });
const merged = (productIds: string[], savedAt: string, owner = ana): Given => on(owner, { type: 'GuestListMerged', data: { ...owner, productIds, savedAt } });
const unsaved = (productId: string, owner = ana): Given => on(owner, { type: 'TripUnsaved', data: { ...owner, productId, unsavedAt: T3 } });
const dropped = (productIds: string[], owner = ana): Given => on(owner, { type: 'SavedTripsDropped', data: { ...owner, productIds, droppedAt: T3 } });

const entry = (product_id: string, saved_at: string) => ({ product_id, saved_at });

describe('saved trips projector', () => {
  it('keeps one document per list: its storefront, email and trips newest first', async () => {
    const projected = await project(savedTripsProjector, [saved('trip-1', T1), saved('trip-2', T2)]);
    expect(await projected.docs('saved_trips')).to.deep.equal([
      { _id: 'sf-1/ana@example.com', storefront_id: 'sf-1', email: 'ana@example.com', trips: [entry('trip-2', T2), entry('trip-1', T1)] },
    ]);
  });

  it("puts a merged guest's list first, in its order", async () => {
    const projected = await project(savedTripsProjector, [saved('trip-1', T1), merged(['guest-a', 'guest-b'], T2)]);
    expect((await projected.doc('saved_trips', 'sf-1/ana@example.com'))?.trips).to.deep.equal([
      entry('guest-a', T2),
      entry('guest-b', T2),
      entry('trip-1', T1),
    ]);
  });

  it('takes off unsaved and dropped trips; a trip saved again goes first', async () => {
    const projected = await project(savedTripsProjector, [
      saved('trip-1', T1),
      saved('trip-2', T1),
      saved('trip-3', T1),
      unsaved('trip-2'),
      dropped(['trip-1']),
      saved('trip-2', T3),
    ]);
    expect((await projected.doc('saved_trips', 'sf-1/ana@example.com'))?.trips).to.deep.equal([entry('trip-2', T3), entry('trip-3', T1)]);
  });

  it('keeps each storefront and each email apart', async () => {
    const otherSite = { storefrontId: 'sf-2', email: 'ana@example.com' };
    const otherEmail = { storefrontId: 'sf-1', email: 'bo@example.com' };
    const projected = await project(savedTripsProjector, [saved('trip-1', T1), saved('trip-2', T1, otherSite), saved('trip-3', T1, otherEmail)]);
    const lists = await projected.docs('saved_trips');
    expect(lists.map((d) => [d._id, (d.trips as { product_id: string }[]).map((t) => t.product_id)])).to.deep.equal([
      ['sf-1/ana@example.com', ['trip-1']],
      ['sf-1/bo@example.com', ['trip-3']],
      ['sf-2/ana@example.com', ['trip-2']],
    ]);
  });
});
