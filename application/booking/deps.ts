import { CatalogReads } from '../../projections/catalog/queries';
import { DepartureReads } from '../../projections/departures/queries';
import type { Platform } from '../platform/platform';

/** The platform with the read models the booking path reads; each use case picks the part it uses. */
export type BookingPlatform = Platform & { catalog: CatalogReads; departures: DepartureReads };

export function bookingDeps(platform: Platform): BookingPlatform {
  return { ...platform, catalog: new CatalogReads(platform.docs), departures: new DepartureReads(platform.docs) };
}
