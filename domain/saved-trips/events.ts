import type { Event } from '../shared/decider';

/** Whose list an event belongs to: each storefront keeps its own list per proven email (spec 4.6). */
export interface ListOwner {
  storefrontId: string;
  /** Normalised (domain/shared/email.ts), as the traveller session carries it. */
  email: string;
}

export type TripSaved = Event<'TripSaved', ListOwner & { productId: string; savedAt: string }>;
/** A guest's list saved on sign-in: only the trips the list did not have yet, newest first. */
export type GuestListMerged = Event<'GuestListMerged', ListOwner & { productIds: string[]; savedAt: string }>;
export type TripUnsaved = Event<'TripUnsaved', ListOwner & { productId: string; unsavedAt: string }>;
/** The oldest trips, left out so that the list keeps MAX_SAVED_TRIPS after a save or a merge. */
export type SavedTripsDropped = Event<'SavedTripsDropped', ListOwner & { productIds: string[]; droppedAt: string }>;

export type SavedTripsEvent = TripSaved | GuestListMerged | TripUnsaved | SavedTripsDropped;

export interface SavedTrip {
  productId: string;
  savedAt: string;
}

/** The list, newest first. */
export interface SavedTrips {
  trips: SavedTrip[];
}

export const initialSavedTrips = (): SavedTrips => ({ trips: [] });

export function evolveSavedTrips(state: SavedTrips, event: SavedTripsEvent): SavedTrips {
  switch (event.type) {
    case 'TripSaved':
      return { trips: [{ productId: event.data.productId, savedAt: event.data.savedAt }, ...state.trips] };
    case 'GuestListMerged':
      return { trips: [...event.data.productIds.map((productId) => ({ productId, savedAt: event.data.savedAt })), ...state.trips] };
    case 'TripUnsaved':
      return { trips: state.trips.filter((t) => t.productId !== event.data.productId) };
    case 'SavedTripsDropped': {
      const dropped = new Set(event.data.productIds);
      return { trips: state.trips.filter((t) => !dropped.has(t.productId)) };
    }
  }
}
