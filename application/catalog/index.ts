import type { StorefrontDoc } from '../platform/context';
import { defineFeature } from '../platform/feature';
import { catalogProjector } from '../../projections/catalog/projector';
import { departureDaysProjector } from '../../projections/catalog/departure-days';
import { CatalogQueries } from './queries';
import type { ProductListQuery } from './trip-list';

export { CatalogQueries } from './queries';
/** The trip card (spec 2.3) and its prices, for other features that show trips (a page's trips section). */
export { catalogPricer, pricer, tripCard, type Pricer } from './views';
/** The trip card as lists keep it (frozen, shared), for search, which shows the same cards. */
export { keptCard } from './kept';
/** The list's facets, counted from facts kept per trip, for search, which shows four of them. */
export { facetsOf } from './facets';
/** How the trip list orders trips, for search (spec 4.2), which orders them the same way. */
export { orderTrips } from './trip-list';

/** Part 2.2 to 2.4 and 4.2: the storefront, the trip list and the trip page. */
export const catalogFeature = defineFeature({
  name: 'catalog',
  projectors: [catalogProjector, departureDaysProjector],
  create(platform) {
    const queries = new CatalogQueries(platform.docs, platform.clock, platform.fx);
    return {
      storefront: (storefront: StorefrontDoc) => queries.storefront(storefront),
      listProducts: (storefront: StorefrontDoc, query: ProductListQuery) => queries.listProducts(storefront, query),
      product: (storefront: StorefrontDoc, idOrSlug: string, options: { locale?: string; currency?: string; seller?: string }) =>
        queries.product(storefront, idOrSlug, options),
    };
  },
});
