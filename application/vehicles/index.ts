import { defineFeature } from '../platform/feature';
import { vehicleDaysProjector } from '../../projections/vehicle-days/projector';
import { vehiclesReleaseReactor } from './reactors/release';

export { bookPlaces, countedVehicles, holdPlaces } from './places';

/**
 * Issue 7: private options with vehicles. Vehicles are counted per option per local day across its
 * starts (domain/vehicle-day): taken with the places (holdPlaces, bookPlaces) and given back with them.
 */
export const vehiclesFeature = defineFeature({
  name: 'vehicles',
  projectors: [vehicleDaysProjector],
  reactors: [vehiclesReleaseReactor],
  create: () => ({}),
});
