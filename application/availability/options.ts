import type { OptionDefinition } from '../../domain/catalog/definitions';
import { type CatalogReads, type ProductDoc, isVisibleTo } from '../../projections/catalog/queries';
import type { StorefrontDoc } from '../platform/context';

/**
 * The option and its trip when the storefront sells it: CatalogReads.visibleOption, read by the trip's
 * id once the option was found in it. Every quote, hold and group price starts here, and a lookup by
 * id skips choosing among the catalog's indexes and matching the storefront's filter (isVisibleTo tells
 * the same), so a trip unpublished, left or changed since is seen at once (an option no longer in it is
 * looked for again).
 */
export async function visibleOption(
  catalog: CatalogReads,
  storefront: StorefrontDoc,
  optionId: string,
): Promise<{ product: Readonly<ProductDoc>; option: OptionDefinition } | null> {
  let trips = TRIPS.get(catalog);
  if (!trips) TRIPS.set(catalog, (trips = new Map()));
  const tripId = trips.get(optionId);
  if (tripId !== undefined) {
    const product = await catalog.product(tripId);
    const option = product && isVisibleTo(storefront, product) ? product.definition.options.find((o) => o.id === optionId) : undefined;
    if (product && option) return { product, option };
  }
  const found = await catalog.visibleOption(storefront, optionId);
  if (found) {
    if (trips.size >= TRIPS_KEPT) trips.clear();
    trips.set(optionId, found.product._id);
  }
  return found;
}

/** The trip each option was last found in, per catalog reader (ids only: the documents are read each time). */
const TRIPS = new WeakMap<CatalogReads, Map<string, string>>();
const TRIPS_KEPT = 100_000;
