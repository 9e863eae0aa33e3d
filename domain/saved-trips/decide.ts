import { assertNever } from '../shared/decider';
import { type InputProblem, type Refusal, invalidInput } from '../shared/refusal';
import type { ListOwner, SavedTrips, SavedTripsEvent } from './events';

/** How many trips one list keeps (spec part 8): a save beyond it drops the oldest. */
export const MAX_SAVED_TRIPS = 200;

/**
 * The trip to save as the catalog knows it: its product id, or null when the site does not sell a
 * trip by that id or slug (the use case looks it up; the decision is made here).
 */
export type FoundTrip = string | null;

export type SaveTrip = { type: 'SaveTrip'; owner: ListOwner; trip: FoundTrip; savedAt: string };
/** A guest's list `{trips: [{trip, seller}]}`, newest first, each entry looked up in the catalog. */
export type MergeGuestList = { type: 'MergeGuestList'; owner: ListOwner; trips: FoundTrip[]; savedAt: string };
export type UnsaveTrip = { type: 'UnsaveTrip'; owner: ListOwner; productId: string; unsavedAt: string };

export type SavedTripsCommand = SaveTrip | MergeGuestList | UnsaveTrip;

const unknownTrip = (field: string, details?: Record<string, unknown>): InputProblem => ({
  reason: 'unknown_trip',
  field,
  detail: `${field} is not a trip this site sells (on a marketplace a slug also needs its seller)`,
  ...(details ? { details } : {}),
});

/** Trips new to the list go first; beyond MAX_SAVED_TRIPS the oldest are dropped. */
function added(owner: ListOwner, state: SavedTrips, saved: SavedTripsEvent, count: number, at: string): SavedTripsEvent[] {
  const overflow = state.trips.length + count - MAX_SAVED_TRIPS;
  if (overflow <= 0) return [saved];
  const productIds = state.trips.slice(state.trips.length - overflow).map((t) => t.productId);
  return [saved, { type: 'SavedTripsDropped', data: { ...owner, productIds, droppedAt: at } }];
}

const isSaved = (state: SavedTrips, productId: string): boolean => state.trips.some((t) => t.productId === productId);

/** Saving a trip already on the list changes nothing: it keeps its place and when it was saved. */
function saveTrip(command: SaveTrip, state: SavedTrips): SavedTripsEvent[] | Refusal {
  const { owner, trip, savedAt } = command;
  if (trip === null) return invalidInput([unknownTrip('trip')]);
  if (isSaved(state, trip)) return [];
  return added(owner, state, { type: 'TripSaved', data: { ...owner, productId: trip, savedAt } }, 1, savedAt);
}

/**
 * A guest's list joins the traveller's: every unknown trip is refused by its position and then
 * nothing is saved; a trip listed twice, or already saved, is saved once and keeps its place.
 */
function mergeGuestList(command: MergeGuestList, state: SavedTrips): SavedTripsEvent[] | Refusal {
  const { owner, trips, savedAt } = command;
  const problems = trips.flatMap((trip, position) => (trip === null ? [unknownTrip(`trips[${position}].trip`, { position })] : []));
  if (problems.length > 0) return invalidInput(problems);
  // A guest's list longer than the limit keeps its newest trips.
  const productIds = [...new Set(trips as string[])].filter((productId) => !isSaved(state, productId)).slice(0, MAX_SAVED_TRIPS);
  if (productIds.length === 0) return [];
  return added(owner, state, { type: 'GuestListMerged', data: { ...owner, productIds, savedAt } }, productIds.length, savedAt);
}

/** Unsaving a trip that is not on the list changes nothing. */
function unsaveTrip(command: UnsaveTrip, state: SavedTrips): SavedTripsEvent[] {
  const { owner, productId, unsavedAt } = command;
  return isSaved(state, productId) ? [{ type: 'TripUnsaved', data: { ...owner, productId, unsavedAt } }] : [];
}

export function decideSavedTrips(command: SavedTripsCommand, state: SavedTrips): SavedTripsEvent[] | Refusal {
  switch (command.type) {
    case 'SaveTrip':
      return saveTrip(command, state);
    case 'MergeGuestList':
      return mergeGuestList(command, state);
    case 'UnsaveTrip':
      return unsaveTrip(command, state);
    default:
      return assertNever(command);
  }
}
