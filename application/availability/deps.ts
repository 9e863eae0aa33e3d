import { CatalogReads } from '../../projections/catalog/queries';
import { DepartureReads } from '../../projections/departures/queries';
import { VehicleDayReads } from '../../projections/vehicle-days/queries';
import type { Platform } from '../platform/platform';

/** The platform with the read models quotes, holds and bookings read; each use case picks the part it uses. */
export type SellingPlatform = Platform & { catalog: CatalogReads; departures: DepartureReads; vehicleDays: VehicleDayReads };

export function sellingPlatform(platform: Platform): SellingPlatform {
  return {
    ...platform,
    catalog: new CatalogReads(platform.docs),
    departures: new DepartureReads(platform.docs),
    vehicleDays: new VehicleDayReads(platform.docs),
  };
}
