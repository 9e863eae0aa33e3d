import { marketplaceSellerOperations, marketplaceSellerSchemas } from './marketplace';
import type { App } from '../../application/features';
import type { Clock } from '../../application/platform/ports/clock';
import type { SharedRateCounts } from '../../application/platform/shared-rate-counts';
import { defineSurface, type Surface } from '../kernel/surface';
import { rateLimit, RateLimiter } from '../middleware/rate-limit';
import { secretKey } from '../middleware/secret-key';
import { sellerBookingOperations } from './bookings';
import { sellerBookingSchemas } from './bookings.schemas';
import { contentSellerOperations } from './content';
import { contentSellerSchemas } from './content.schemas';
import { departureSellerOperations } from './departures';
import { departureSellerSchemas } from './departures.schemas';
import { enquirySellerOperations } from './enquiries';
import { enquirySellerSchemas } from './enquiries.schemas';
import { keyOperations, keySchemas } from './keys';
import { paymentSellerOperations } from './payments';
import { paymentSellerSchemas } from './payments.schemas';
import { requirePermission } from './permission';
import { productOperations } from './products';
import { productSchemas } from './products.schemas';
import { teamOperations, teamSchemas } from './team';
import { websiteKeyOperations, websiteKeySchemas } from './website-keys';
import { webhookSellerOperations } from './webhooks';
import { webhookEventDocs } from './webhooks.events';
import { webhookSellerSchemas } from './webhooks.schemas';

export interface SellerSurfaceDeps {
  app: App;
  clock: Clock;
  /** Calls per minute of a secret key. */
  perKey: number;
  /** Where instances add up their rate-limit counts; absent when this process is the only one. */
  sharedRateCounts?: SharedRateCounts | null;
}

/** The seller interface (/v1/* outside /v1/public/, spec 4.9): a secret key acts for its seller with its scopes. */
export function sellerSurface(deps: SellerSurfaceDeps): Surface {
  return defineSurface({
    name: 'seller',
    owns: (path) => path.startsWith('/v1/') && !path.startsWith('/v1/public/'),
    middleware: [
      secretKey({ resolve: (key) => deps.app.keys.secretKey(key) }, deps.perKey),
      rateLimit(new RateLimiter(deps.clock, undefined, deps.sharedRateCounts ?? null)),
    ],
    perOperation: (op) => [requirePermission(op)],
    operations: [
      ...productOperations,
      ...sellerBookingOperations,
      ...paymentSellerOperations,
      ...contentSellerOperations,
      ...enquirySellerOperations,
      ...webhookSellerOperations,
      ...departureSellerOperations,
      ...teamOperations,
      ...keyOperations,
      ...websiteKeyOperations,
      ...marketplaceSellerOperations,
    ],
    schemas: {
      ...productSchemas,
      ...sellerBookingSchemas,
      ...paymentSellerSchemas,
      ...contentSellerSchemas,
      ...enquirySellerSchemas,
      ...webhookSellerSchemas,
      ...departureSellerSchemas,
      ...teamSchemas,
      ...keySchemas,
      ...websiteKeySchemas,
      ...marketplaceSellerSchemas,
    },
    doc: {
      security: [{ secretKey: [] }],
      securitySchemes: { secretKey: { type: 'http', scheme: 'bearer', description: 'Seller secret key, prefix tp_sk_, with scopes (permissions).' } },
      errors: ['401', '403', '404', '409', '422', '429', '503'],
      rateLimited: true,
      webhooks: webhookEventDocs,
    },
  });
}
