import { savedTripsDecider, type SavedTripsCommand } from '../../domain/saved-trips';
import { type InputProblem, type Refusal, invalidInput, isRefusal, notFound } from '../../domain/shared/refusal';
import type { StorefrontContext } from '../platform/context';
import type { Platform } from '../platform/platform';
import { listOf, metadataOf } from './list-owner';
import { type CardOptions, type SavedTripCard, SavedTripsCatalog, type TripAsked } from './trips';

export type SaveDeps = Pick<Platform, 'commands' | 'clock' | 'docs' | 'fx' | 'awaitProjections'>;

/** POST /v1/public/me/saved-trips: one trip `{trip, seller}`, or a guest's list `{trips: [{trip, seller}]}`, newest first. */
export interface SaveTripsBody {
  trip?: string;
  seller?: string;
  trips?: TripAsked[];
}

/** The body names one trip or a guest's list, never both; `seller` beside `trip` only (each list entry has its own). */
function shapeProblems(body: SaveTripsBody): InputProblem[] {
  if (body.trip === undefined && body.trips === undefined) {
    return [{ reason: 'required', field: 'trip', detail: 'trip is required: send one trip as trip, or a guest list as trips' }];
  }
  if (body.trip !== undefined && body.trips !== undefined) {
    return [{ reason: 'invalid_value', field: 'trips', detail: 'trips cannot come with trip: send one trip or a guest list' }];
  }
  if (body.trips !== undefined && body.seller !== undefined) {
    return [{ reason: 'invalid_value', field: 'seller', detail: "seller goes with trip; in a guest list each entry carries its trip's seller" }];
  }
  return [];
}

/** Saves one trip or merges a guest's list, then answers the whole list as GET does. */
export async function saveTrips(
  deps: SaveDeps,
  caller: StorefrontContext,
  body: SaveTripsBody,
  options: CardOptions,
): Promise<{ data: SavedTripCard[] } | Refusal> {
  const list = listOf(caller);
  if (isRefusal(list)) return list;
  const problems = shapeProblems(body);
  if (problems.length > 0) return invalidInput(problems);
  const catalog = new SavedTripsCatalog(deps.docs, deps.fx);
  const savedAt = deps.clock.now().toISOString();
  let command: SavedTripsCommand;
  if (body.trips !== undefined) {
    command = { type: 'MergeGuestList', owner: list.owner, trips: await catalog.find(caller.storefront, body.trips), savedAt };
  } else {
    const [trip] = await catalog.find(caller.storefront, [{ trip: body.trip as string, seller: body.seller }]);
    command = { type: 'SaveTrip', owner: list.owner, trip, savedAt };
  }
  const handled = await deps.commands.handle(list.stream, savedTripsDecider, command, metadataOf(caller, savedAt));
  if (isRefusal(handled)) return handled;
  await deps.awaitProjections(handled.position);
  const cards = await catalog.cards(caller.storefront, handled.state.trips, options);
  return isRefusal(cards) ? cards : { data: cards };
}

/** POST /v1/public/me/saved-trips/{productId}: saves a trip the storefront sells (404 otherwise); saving again changes nothing. */
export async function saveTrip(deps: SaveDeps, caller: StorefrontContext, productId: string, options: CardOptions): Promise<SavedTripCard | Refusal> {
  const list = listOf(caller);
  if (isRefusal(list)) return list;
  const catalog = new SavedTripsCatalog(deps.docs, deps.fx);
  const trip = await catalog.sold(caller.storefront, productId);
  if (trip === null) return notFound('product');
  const savedAt = deps.clock.now().toISOString();
  const handled = await deps.commands.handle(
    list.stream,
    savedTripsDecider,
    { type: 'SaveTrip', owner: list.owner, trip, savedAt },
    metadataOf(caller, savedAt),
  );
  if (isRefusal(handled)) return handled;
  await deps.awaitProjections(handled.position);
  const saved = handled.state.trips.filter((t) => t.productId === trip);
  const cards = await catalog.cards(caller.storefront, saved, options);
  if (isRefusal(cards)) return cards;
  return cards[0] ?? notFound('product');
}
