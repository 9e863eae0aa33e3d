import { RECEIPT_TYPES } from '../../domain/payment';
import { isRefusal } from '../../domain/shared/refusal';
import { FileAnswer } from '../kernel/operation';
import { bookingRef } from '../kernel/params';
import { ref, str } from '../kernel/schema';
import { sellerOperation } from './operation';
import { paymentLinkBody, recordPaymentBody } from './payments.schemas';

const OWN = "Only the key's seller's bookings exist for it: another seller's ref answers 404 NotFound (entity booking), as does a ref that does not exist.";

export const sellerGetPayment = sellerOperation({
  id: 'sellerGetPayment',
  method: 'get',
  path: '/v1/bookings/{ref}/payments',
  permission: 'bookings:read',
  summary: "A booking's payment: what is due, what came in, receipts",
  description: `What is due and by when, what came in and went back, the traveller's receipts (with ids to download them) and the payments recorded. Needs bookings:read. ${OWN}`,
  params: { ref: bookingRef },
  success: { status: 200, description: 'the payment' },
  response: ref('SellerPayment'),
  handle: async ({ caller, params }, app) => app.payments.payment(caller, params.ref),
});

export const sellerRecordPayment = sellerOperation({
  id: 'sellerRecordPayment',
  method: 'post',
  path: '/v1/bookings/{ref}/payments',
  permission: 'bookings:write',
  idempotencyKey: true,
  summary: 'Record money received for a booking (part or all of what is due)',
  description:
    "Records a payment the seller received (a transfer arrived, a link was paid, cash on arrival): amount in the booking's currency, an optional reference " +
    '(the transfer reference, up to 200 characters) and when it came in (received_at, default now; not in the future). The payment becomes part_paid, ' +
    'or paid once all that is due came in; a pending booking that waited for its money (paid by transfer or link) is then confirmed, and the answer shows it. ' +
    'With an Idempotency-Key the same request again records nothing more and answers the payment as it stands; the same key with another amount or reference is 409 Conflict, reason idempotency_key_reused. ' +
    'Refusals: 422 InvalidInput with reason more_than_due (details.outstanding) or currency_mismatch (details.expected) or in_future; ' +
    '409 Conflict with reason payment_complete (paid in full already), payment_closed (cancelled or refunded) or booking_not_open (a cancelled, rejected or lapsed booking). ' +
    `Needs bookings:write. ${OWN}`,
  params: { ref: bookingRef },
  body: recordPaymentBody,
  bodyRequired: true,
  bodyDescription: '{amount: {amount, currency}, reference?, received_at?}',
  success: { status: 200, description: 'the payment as it now stands' },
  response: ref('SellerPayment'),
  handle: async ({ caller, params, body, idempotencyKey }, app) => app.payments.recordPayment(caller, params.ref, body, idempotencyKey),
});

export const sellerSendPaymentLink = sellerOperation({
  id: 'sellerSendPaymentLink',
  method: 'post',
  path: '/v1/bookings/{ref}/payment-link',
  permission: 'bookings:write',
  summary: 'Send the traveller the link to pay a booking paid by payment link',
  description:
    "For a booking paid by payment_link whose money is asked for (at checkout, or once the seller accepted the request) and not all in: the link to the seller's payment page " +
    '(an https address up to 2000 characters) is emailed to the traveller with what is still due and by when (payment.due_at), shown in their booking view ' +
    '(payment.link: sent, sent_at, url) and announced to webhooks as payment.link_sent. The same link again is sent once: nothing more happens and the answer is the same; ' +
    'another link replaces it and is sent. The booking is confirmed once the seller records the money (POST .../payments). ' +
    'Refusals: 409 Conflict with reason payment_not_by_link (another way to pay), payment_not_requested (a request not accepted yet: accept it first), ' +
    'payment_not_due (paid, refunded or cancelled) or booking_not_open (a cancelled, rejected or lapsed booking); 422 InvalidInput for an address that is not https. ' +
    `Needs bookings:write. ${OWN}`,
  params: { ref: bookingRef },
  body: paymentLinkBody,
  bodyRequired: true,
  bodyDescription: '{url}',
  success: { status: 200, description: 'the payment as it now stands, with the link sent' },
  response: ref('SellerPayment'),
  handle: async ({ caller, params, body }, app) => app.payments.sendPaymentLink(caller, params.ref, body.url),
});

export const sellerDownloadReceipt = sellerOperation({
  id: 'sellerDownloadReceipt',
  method: 'get',
  path: '/v1/bookings/{ref}/receipts/{receiptId}',
  permission: 'bookings:read',
  summary: 'Download a receipt the traveller sent',
  description:
    'The file itself, with the Content-Type it was recognised as (PDF, JPEG, PNG or WebP) and Content-Disposition attachment. ' +
    `Receipt ids are listed by GET /v1/bookings/{ref}/payments. A receipt id this booking does not have answers 404 NotFound (entity receipt). Needs bookings:read. ${OWN}`,
  params: { ref: bookingRef, receiptId: str({ minLength: 1, maxLength: 200 }) },
  success: { status: 200, description: 'the receipt file' },
  fileAnswer: { mediaTypes: RECEIPT_TYPES },
  responseHeaders: { 'Content-Disposition': { description: 'attachment; filename="<ref>-<receiptId>.<pdf|jpg|png|webp>"' } },
  handle: async ({ caller, params }, app) => {
    const blob = await app.payments.receipt(caller, params.ref, params.receiptId);
    if (isRefusal(blob)) return blob;
    const extension = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }[blob.contentType] ?? 'bin';
    return new FileAnswer(blob.bytes, blob.contentType, `${params.ref}-${params.receiptId}.${extension}`);
  },
});

export const paymentSellerOperations = [sellerGetPayment, sellerRecordPayment, sellerSendPaymentLink, sellerDownloadReceipt];
