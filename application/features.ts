import { availabilityFeature } from './availability';
import { bookingFeature } from './booking';
import { catalogFeature, catalogPricer, facetsOf, keptCard, orderTrips } from './catalog';
import { contactChangesFeature } from './contact-changes';
import { filterListsFeature } from './filter-lists';
import { fxRatesFeature } from './fx-rates';
import { contentFeature } from './content';
import { departuresFeature } from './departures';
import { enquiriesFeature } from './enquiries';
import { keysFeature } from './keys';
import { manageBookingFeature } from './manage-booking';
import { marketplaceFeature } from './marketplace';
import { passkeysFeature } from './passkeys';
import { pickupsFeature } from './pickups';
import { paymentsFeature } from './payments';
import type { Platform } from './platform/platform';
import { savedTripsFeature } from './saved-trips';
import { searchFeature } from './search';
import { sellerFeature } from './seller';
import { sellerBookingsFeature } from './seller-bookings';
import { teamFeature } from './team';
import { travellerAccountFeature } from './traveller-account';
import { travellerDetailsFeature } from './traveller-details';
import { vehiclesFeature } from './vehicles';
import { webhooksFeature } from './webhooks';

/** Every feature of the service, one line each: the composition root and the processing runner iterate them. */
export const FEATURES = [
  catalogFeature,
  availabilityFeature,
  bookingFeature,
  manageBookingFeature,
  contactChangesFeature,
  sellerFeature,
  keysFeature,
  teamFeature,
  searchFeature({ catalogPricer, keptCard, orderTrips, facetsOf }),
  contentFeature,
  filterListsFeature,
  pickupsFeature,
  savedTripsFeature,
  travellerAccountFeature,
  travellerDetailsFeature,
  passkeysFeature,
  enquiriesFeature,
  webhooksFeature,
  departuresFeature,
  paymentsFeature,
  marketplaceFeature,
  fxRatesFeature,
  sellerBookingsFeature,
  vehiclesFeature,
] as const;

type Features = (typeof FEATURES)[number];

/** The use cases of every feature by the feature's name: what HTTP handlers call (`app.availability.calendar(...)`). */
export type App = { [F in Features as F['name']]: ReturnType<F['create']> };

export function createUseCases(platform: Platform): App {
  return Object.fromEntries(FEATURES.map((feature) => [feature.name, feature.create(platform)])) as App;
}
