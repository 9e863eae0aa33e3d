import { savedTripsProjector } from '../../projections/saved-trips/projector';
import type { StorefrontContext } from '../platform/context';
import { defineFeature } from '../platform/feature';
import { savedTrip, savedTrips } from './read';
import { type SaveTripsBody, saveTrip, saveTrips } from './save';
import type { CardOptions } from './trips';
import { unsaveTrip } from './unsave';

export type { SaveTripsBody } from './save';
export type { CardOptions, SavedTripCard, TripAsked } from './trips';

/**
 * Spec 4.6 and 8: the signed-in traveller's saved trips, each storefront its own list of up to 200,
 * newest first. A saved trip the storefront no longer sells (unpublished, or its seller gone from
 * the marketplace) stays on the list but is left out of the answers until it is sold again.
 */
export const savedTripsFeature = defineFeature({
  name: 'savedTrips',
  projectors: [savedTripsProjector],
  create(platform) {
    return {
      list: (caller: StorefrontContext, options: CardOptions) => savedTrips(platform, caller, options),
      save: (caller: StorefrontContext, body: SaveTripsBody, options: CardOptions) => saveTrips(platform, caller, body, options),
      get: (caller: StorefrontContext, productId: string, options: CardOptions) => savedTrip(platform, caller, productId, options),
      saveOne: (caller: StorefrontContext, productId: string, options: CardOptions) => saveTrip(platform, caller, productId, options),
      unsave: (caller: StorefrontContext, productId: string) => unsaveTrip(platform, caller, productId),
    };
  },
});
