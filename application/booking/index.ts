import { notFound } from '../../domain/shared/refusal';
import type { StorefrontContext } from '../platform/context';
import { defineFeature } from '../platform/feature';
import { bookingsProjector } from '../../projections/bookings/projector';
import { sellingPlatform } from '../availability';
import { sellerUnavailable } from '../marketplace';
import { expireHoldsJob } from './jobs/expire-holds';
import { bookingMailReactor } from './reactors/booking-mail';
import * as checkout from './checkout';
import * as holds from './holds';
import type { CheckoutBody, SelectionBody } from './types';

export { bookingView, bookingDocOf, type BookingDoc, type BookingView } from './view';

export { bookingCancelledMail } from './messages';
export { metadataFor } from './metadata';
export { placedBooking } from './placed';
export { openTokens, type BookingTokens } from './sealed-tokens';
export { checkoutTravellers, openSensitive, sealSensitive } from './sealed-travellers';

/** Part 4.4: holds and checkout. */
export const bookingFeature = defineFeature({
  name: 'booking',
  projectors: [bookingsProjector],
  reactors: [bookingMailReactor],
  jobs: [expireHoldsJob],
  create(platform) {
    const deps = sellingPlatform(platform);
    return {
      placeHold: async (ctx: StorefrontContext, body: SelectionBody, idempotencyKey: string | undefined) =>
        (await sellerUnavailable(deps, ctx)) ?? holds.placeHold(deps, ctx, body, idempotencyKey),
      hold: async (ctx: StorefrontContext, ref: string, proof: holds.HoldProof) => (await holds.holdView(deps, ctx, ref, proof)) ?? notFound('hold'),
      checkout: async (ctx: StorefrontContext, body: CheckoutBody, idempotencyKey: string | undefined) =>
        (await sellerUnavailable(deps, ctx)) ?? checkout.checkout(deps, ctx, body, idempotencyKey),
    };
  },
});
