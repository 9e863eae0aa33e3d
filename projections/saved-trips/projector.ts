import { type Write, defineProjector } from '../../application/platform/processing/projector';
import type { RecordedEvent } from '../../application/platform/ports/event-store';
import type { HandlersOf } from '../../domain/shared/decider';
import type { ListOwner, SavedTripsEvent } from '../../domain/saved-trips';
import { SAVED_TRIPS, type SavedTripEntry, savedTripsId } from './doc';

const list = (owner: ListOwner, update: Record<string, unknown>): Write => ({
  collection: SAVED_TRIPS,
  updateOne: {
    filter: { _id: savedTripsId(owner.storefrontId, owner.email) },
    update: { ...update, $setOnInsert: { storefront_id: owner.storefrontId, email: owner.email } },
    upsert: true,
  },
});

/** New trips go in front, in the order given (newest first). */
const saved = (owner: ListOwner, entries: SavedTripEntry[]): Write => list(owner, { $push: { trips: { $each: entries, $position: 0 } } });
const removed = (owner: ListOwner, productIds: string[]): Write => list(owner, { $pull: { trips: { product_id: { $in: productIds } } } });

const handlers: HandlersOf<SavedTripsEvent, RecordedEvent, Write[]> = {
  TripSaved: (e) => [saved(e.data, [{ product_id: e.data.productId, saved_at: e.data.savedAt }])],
  GuestListMerged: (e) => [
    saved(
      e.data,
      e.data.productIds.map((productId) => ({ product_id: productId, saved_at: e.data.savedAt })),
    ),
  ],
  TripUnsaved: (e) => [removed(e.data, [e.data.productId])],
  SavedTripsDropped: (e) => [removed(e.data, e.data.productIds)],
};

/** Each traveller's saved trips per storefront, as GET /v1/public/me/saved-trips reads them. */
export const savedTripsProjector = defineProjector<SavedTripsEvent>('saved-trips', { [SAVED_TRIPS]: [] }, handlers);
