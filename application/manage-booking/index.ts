import { isRefusal } from '../../domain/shared/refusal';
import { sellingPlatform } from '../availability';
import { bookingView } from '../booking';
import type { StorefrontContext } from '../platform/context';
import { defineFeature } from '../platform/feature';
import { openBooking, type Proof } from './access';
import { myBookings } from './my-bookings';

export { openBooking, type Proof } from './access';
export { cancellationFollowUpsReactor } from './reactors/cancellation-follow-ups';
import * as manage from './manage';
import { cancellationFollowUpsReactor } from './reactors/cancellation-follow-ups';
import { cancellationMailReactor } from './reactors/cancellation-mail';

/** Part 4.5: a traveller's booking after checkout, opened by token, lead email or session. */
export const manageBookingFeature = defineFeature({
  name: 'manageBooking',
  reactors: [cancellationFollowUpsReactor, cancellationMailReactor],
  create(platform) {
    const deps = sellingPlatform(platform);
    return {
      view: async (ctx: StorefrontContext, ref: string, proof: Proof) => {
        const doc = await openBooking(deps, ctx, ref, proof, 'read');
        return isRefusal(doc) ? doc : bookingView(doc, deps.clock.now());
      },
      refundPreview: async (ctx: StorefrontContext, ref: string, proof: Proof) => {
        const doc = await openBooking(deps, ctx, ref, proof, 'read');
        return isRefusal(doc) ? doc : manage.refundPreview(deps, doc);
      },
      cancel: async (ctx: StorefrontContext, ref: string, proof: Proof, reason: string | null) => {
        const doc = await openBooking(deps, ctx, ref, proof, 'cancel');
        return isRefusal(doc) ? doc : manage.cancel(deps, ctx, doc, reason);
      },
      /** Spec 4.6: the signed-in traveller's bookings on this storefront, newest start first. */
      myBookings: (ctx: StorefrontContext, cursor: string | undefined, limit: number) => myBookings(platform, ctx, cursor, limit),
    };
  },
});
