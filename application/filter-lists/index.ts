import type { StorefrontDoc } from '../platform/context';
import { defineFeature } from '../platform/feature';
import { FilterListQueries } from './queries';

export { categoryNamedIn, facetsNamedIn, placeNamedIn } from './names';

/**
 * Spec 4.8: the cities, categories, places and sellers a storefront's published trips use, with
 * place and seller pages. Read from the catalog projection (so the catalog's version keeps cached
 * answers current) and the platform's place library and categories, which ship with the service.
 */
export const filterListsFeature = defineFeature({
  name: 'filterLists',
  create(platform) {
    const queries = new FilterListQueries(platform.docs);
    return {
      cities: (storefront: StorefrontDoc, locale?: string) => queries.cities(storefront, locale),
      categories: (storefront: StorefrontDoc, locale?: string) => queries.categories(storefront, locale),
      places: (storefront: StorefrontDoc, locale?: string) => queries.places(storefront, locale),
      place: (storefront: StorefrontDoc, slug: string, locale?: string) => queries.place(storefront, slug, locale),
      sellers: (storefront: StorefrontDoc) => queries.sellers(storefront),
      seller: (storefront: StorefrontDoc, slug: string) => queries.seller(storefront, slug),
    };
  },
});
