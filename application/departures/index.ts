import { isRefusal } from '../../domain/shared/refusal';
import { sellingPlatform } from '../availability';
import { openBooking, type Proof } from '../manage-booking';
import type { StorefrontContext } from '../platform/context';
import { defineFeature } from '../platform/feature';
import type { SellerCaller } from '../seller';
import { type CallOffBody, callOff } from './call-off';
import { type MessageBody, messageStart } from './message';
import { callOffReactor } from './reactors/call-off';
import { departureMailReactor } from './reactors/departure-mail';
import { departureMessageReactor } from './reactors/departure-message';
import * as refundInstead from './refund-instead';

export type { CallOffAnswer, CallOffBody } from './call-off';
export type { MessageAnswer, MessageBody } from './message';

/**
 * Issue 8: a seller calls off a start (each booking moved to the start offered, or cancelled and
 * refunded) or writes to its travellers; a traveller of a moved booking takes the refund instead.
 */
export const departuresFeature = defineFeature({
  name: 'departures',
  reactors: [callOffReactor, departureMessageReactor, departureMailReactor],
  create(platform) {
    const deps = sellingPlatform(platform);
    return {
      callOff: (caller: SellerCaller, optionId: string, start: string, body: CallOffBody) => callOff(platform, caller, optionId, start, body),
      message: (caller: SellerCaller, optionId: string, start: string, body: MessageBody) => messageStart(platform, caller, optionId, start, body),
      /** Spec 4.5: token or session only (the lead's email alone is 401, as for cancelling). */
      refundInstead: async (ctx: StorefrontContext, ref: string, proof: Proof) => {
        const doc = await openBooking(deps, ctx, ref, proof, 'refund_instead');
        return isRefusal(doc) ? doc : refundInstead.offer(platform, doc);
      },
      takeRefundInstead: async (ctx: StorefrontContext, ref: string, proof: Proof) => {
        const doc = await openBooking(deps, ctx, ref, proof, 'refund_instead');
        return isRefusal(doc) ? doc : refundInstead.take(platform, ctx, doc);
      },
    };
  },
});
