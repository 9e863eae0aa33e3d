import type { Decider } from '../shared/decider';
import { SavedTripsCommand, decideSavedTrips } from './decide';
import { SavedTrips, SavedTripsEvent, evolveSavedTrips, initialSavedTrips } from './events';

export * from './events';
export * from './decide';

/** One traveller's saved trips on one storefront (spec 4.6): up to MAX_SAVED_TRIPS, newest first. */
export const savedTripsDecider: Decider<SavedTripsCommand, SavedTripsEvent, SavedTrips> = {
  initialState: initialSavedTrips,
  evolve: evolveSavedTrips,
  decide: decideSavedTrips,
  snapshot: { name: 'saved-trips', version: 1 },
};

/** `listKey` is a digest of the proven email, so that no address appears in a stream's name. */
export const savedTripsStream = (storefrontId: string, listKey: string): string => `saved-trips-${storefrontId}-${listKey}`;
