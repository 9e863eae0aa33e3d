import type { Proof } from '../manage-booking';
import type { StorefrontContext } from '../platform/context';
import { defineFeature } from '../platform/feature';
import { confirmWhenPaidReactor } from './reactors/confirm-when-paid';
import { dueFollowsMoveReactor } from './reactors/due-follows-move';
import { paymentLinkMailReactor } from './reactors/link-mail';
import { sendPaymentLink } from './link';
import { submitReceipt, receiptFile } from './receipt';
import { type RecordPaymentBody, type SellerCall, recordPayment, sellerPayment } from './record';

export { sellerPaymentView, type SellerPaymentView } from './view';
export type { RecordPaymentBody } from './record';

/**
 * Money of a booking after checkout (issue 8): the traveller's proof of payment (a receipt file,
 * kept through the blob port), the payments the seller records, and the booking confirmed once
 * what it waited for came in; the link to pay the seller sends (mailed to the traveller); the money's
 * due date follows a booking the seller moved.
 */
export const paymentsFeature = defineFeature({
  name: 'payments',
  reactors: [confirmWhenPaidReactor, dueFollowsMoveReactor, paymentLinkMailReactor],
  create(platform) {
    return {
      submitReceipt: (ctx: StorefrontContext, ref: string, proof: Proof, bytes: Buffer) => submitReceipt(platform, ctx, ref, proof, bytes),
      receipt: (caller: SellerCall, ref: string, receiptId: string) => receiptFile(platform, caller.sellerId, ref, receiptId),
      payment: (caller: SellerCall, ref: string) => sellerPayment(platform, caller.sellerId, ref),
      recordPayment: (caller: SellerCall, ref: string, body: RecordPaymentBody, idempotencyKey: string | undefined) =>
        recordPayment(platform, caller, ref, body, idempotencyKey),
      sendPaymentLink: (caller: SellerCall, ref: string, url: string) => sendPaymentLink(platform, caller, ref, url),
    };
  },
});
