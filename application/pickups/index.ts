import type { StorefrontContext, StorefrontDoc } from '../platform/context';
import { defineFeature } from '../platform/feature';
import { PickupQueries, type ResolveQuery } from './queries';

export { locatePickup, type PickupResolution, type PlaceFound } from './queries';
export { PICKUP_PLACE_KINDS } from './places';

/**
 * Spec 4.3: the pickup place library as the traveller types, and whether an option picks up at a
 * place or point, when and at what price. Quotes resolve a library place through `locatePickup`.
 */
export const pickupsFeature = defineFeature({
  name: 'pickups',
  create(platform) {
    const queries = new PickupQueries(platform.docs, platform.fx);
    return {
      searchPlaces: (storefront: StorefrontDoc, q: string, locale?: string) => queries.search(storefront, q, locale),
      resolve: (ctx: StorefrontContext, optionId: string, query: ResolveQuery) => queries.resolve(ctx, optionId, query),
    };
  },
});
