import { type Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import { SavedTripsReads } from '../../projections/saved-trips/queries';
import type { StorefrontContext } from '../platform/context';
import type { Platform } from '../platform/platform';
import { type SavedTripsList, listOf } from './list-owner';
import { type CardOptions, type SavedTripCard, SavedTripsCatalog } from './trips';

export type ReadDeps = Pick<Platform, 'docs' | 'fx'>;

function savedList(deps: ReadDeps, list: SavedTripsList) {
  return new SavedTripsReads(deps.docs).list(list.owner.storefrontId, list.owner.email);
}

/** GET /v1/public/me/saved-trips: the cards of saved trips the storefront sells now, newest first. */
export async function savedTrips(deps: ReadDeps, caller: StorefrontContext, options: CardOptions): Promise<{ data: SavedTripCard[] } | Refusal> {
  const list = listOf(caller);
  if (isRefusal(list)) return list;
  const saved = (await savedList(deps, list)).map((entry) => ({ productId: entry.product_id, savedAt: entry.saved_at }));
  const cards = await new SavedTripsCatalog(deps.docs, deps.fx).cards(caller.storefront, saved, options);
  return isRefusal(cards) ? cards : { data: cards };
}

/** GET /v1/public/me/saved-trips/{productId}: the trip's card when it is saved and the storefront sells it now, else 404. */
export async function savedTrip(deps: ReadDeps, caller: StorefrontContext, productId: string, options: CardOptions): Promise<SavedTripCard | Refusal> {
  const list = listOf(caller);
  if (isRefusal(list)) return list;
  const entry = (await savedList(deps, list)).find((e) => e.product_id === productId);
  if (!entry) return notFound('saved_trip');
  const cards = await new SavedTripsCatalog(deps.docs, deps.fx).cards(caller.storefront, [{ productId, savedAt: entry.saved_at }], options);
  if (isRefusal(cards)) return cards;
  return cards[0] ?? notFound('saved_trip');
}
