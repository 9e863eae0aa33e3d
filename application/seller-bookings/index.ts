import { defineFeature } from '../platform/feature';
import { type DecisionDeps, type SellerCall, accept, confirm, reject } from './decisions';
import { type LeadCorrection, correctLead } from './correct-lead';
import { lapseBookingsJob } from './jobs/lapse-bookings';
import { decisionMailReactor } from './reactors/decision-mail';
import { paymentRequestReactor } from './reactors/payment-request';
import { sellerBooking } from './view';

export { lapseBookings } from './jobs/lapse-bookings';
export type { SellerBookingDetail } from './view';
export type { HistoryEntry } from './history';

/**
 * The seller's side of a booking after checkout (issue 8, spec part 3): the booking whole with its
 * history, and the seller's answer to one that waits (confirm, reject, accept a request paid by
 * transfer or link); pending bookings whose time is up lapse.
 */
export const sellerBookingsFeature = defineFeature({
  name: 'sellerBookings',
  reactors: [paymentRequestReactor, decisionMailReactor],
  jobs: [lapseBookingsJob],
  create(platform) {
    const deps: DecisionDeps = platform;
    return {
      booking: (caller: SellerCall, ref: string) => sellerBooking(deps, caller.sellerId, ref),
      confirm: (caller: SellerCall, ref: string) => confirm(deps, caller, ref),
      reject: (caller: SellerCall, ref: string, reason: string) => reject(deps, caller, ref, reason),
      accept: (caller: SellerCall, ref: string) => accept(deps, caller, ref),
      correctLead: (caller: SellerCall, ref: string, correction: LeadCorrection) => correctLead(platform, caller, ref, correction),
    };
  },
});
