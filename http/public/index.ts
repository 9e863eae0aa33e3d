import type { App } from '../../application/features';
import type { Clock } from '../../application/platform/ports/clock';
import type { SharedRateCounts } from '../../application/platform/shared-rate-counts';
import { defineSurface, type Surface } from '../kernel/surface';
import { rateLimit, RateLimiter } from '../middleware/rate-limit';
import { travellerSession } from '../middleware/traveller-session';
import { allowedOrigin, websiteKey, type WebsiteKeyLimits } from '../middleware/website-key';
import { availabilityOperations } from './availability';
import { availabilitySchemas } from './availability.schemas';
import { groupPricesOperations } from './group-prices';
import { groupPricesSchemas } from './group-prices.schemas';
import { bookingOperations } from './booking';
import { bookingSchemas } from './booking.schemas';
import { catalogOperations } from './catalog';
import { catalogSchemas } from './catalog.schemas';
import { filterListOperations } from './filter-lists';
import { filterListSchemas } from './filter-lists.schemas';
import { pickupsOperations } from './pickups';
import { pickupsSchemas } from './pickups.schemas';
import { contactChangesOperations } from './contact-changes';
import { contactChangesSchemas } from './contact-changes.schemas';
import { contentOperations } from './content';
import { contentSchemas } from './content.schemas';
import { enquiriesOperations } from './enquiries';
import { enquiriesSchemas } from './enquiries.schemas';
import { manageBookingOperations } from './manage-booking';
import { manageBookingSchemas } from './manage-booking.schemas';
import { receiptOperations } from './receipt';
import { refundInsteadOperations } from './refund-instead';
import { refundInsteadSchemas } from './refund-instead.schemas';
import { passkeyOperations } from './passkeys';
import { passkeySchemas } from './passkeys.schemas';
import { savedTripsOperations } from './saved-trips';
import { savedTripsSchemas } from './saved-trips.schemas';
import { searchOperations } from './search';
import { searchSchemas } from './search.schemas';
import { travellerAccountOperations } from './traveller-account';
import { travellerAccountSchemas } from './traveller-account.schemas';
import { travellersOperations } from './travellers';
import { travellersSchemas } from './travellers.schemas';

export interface PublicSurfaceDeps {
  app: App;
  clock: Clock;
  catalogVersion: () => number;
  limits: WebsiteKeyLimits;
  /** Where instances add up their rate-limit counts; absent when this process is the only one. */
  sharedRateCounts?: SharedRateCounts | null;
}

/** The website interface (/v1/public/*, spec parts 2 to 4): the website key opens one storefront. */
export function publicSurface(deps: PublicSurfaceDeps): Surface {
  return defineSurface({
    name: 'public',
    owns: (path) => path.startsWith('/v1/public/'),
    middleware: [
      websiteKey({ resolve: (key) => deps.app.keys.websiteKey(key), version: deps.catalogVersion }, deps.limits),
      rateLimit(new RateLimiter(deps.clock, undefined, deps.sharedRateCounts ?? null)),
      allowedOrigin(),
      travellerSession(deps.app.travellerAccount),
    ],
    operations: [
      ...catalogOperations,
      ...availabilityOperations,
      ...groupPricesOperations,
      ...bookingOperations,
      ...manageBookingOperations,
      ...receiptOperations,
      ...travellersOperations,
      ...contactChangesOperations,
      ...refundInsteadOperations,
      ...contentOperations,
      ...filterListOperations,
      ...pickupsOperations,
      ...searchOperations,
      ...travellerAccountOperations,
      ...passkeyOperations,
      ...savedTripsOperations,
      ...enquiriesOperations,
    ],
    schemas: {
      ...catalogSchemas,
      ...availabilitySchemas,
      ...groupPricesSchemas,
      ...bookingSchemas,
      ...manageBookingSchemas,
      ...travellersSchemas,
      ...contactChangesSchemas,
      ...refundInsteadSchemas,
      ...contentSchemas,
      ...filterListSchemas,
      ...pickupsSchemas,
      ...searchSchemas,
      ...travellerAccountSchemas,
      ...passkeySchemas,
      ...savedTripsSchemas,
      ...enquiriesSchemas,
    },
    doc: {
      security: [{ websiteKey: [] }],
      securitySchemes: {
        websiteKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Tp-Publishable-Key',
          description:
            "Website (publishable) key, prefix tp_pk_. Not secret: from a server it always works; from a browser (a request with Origin) only for the storefront's allowed origins, else 403 OriginNotAllowed.",
        },
        travellerSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'tp_session',
          description:
            "The traveller's session (spec 5.6), set by POST /v1/public/auth/verify; the website's server passes it on with the website key exactly as received. " +
            "Optional beside the website key: it opens the traveller's own bookings and account; an unknown, expired or revoked cookie, or another storefront's, is no session.",
        },
      },
      errors: ['401', '403', '404', '409', '422', '429', '503'],
      rateLimited: true,
    },
  });
}
