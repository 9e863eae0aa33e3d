import { MAX_RECEIPT_BYTES, RECEIPT_TYPES } from '../../domain/payment';
import { ref, str } from '../kernel/schema';
import { anyRef } from './booking';
import { publicOperation } from './operation';

const access = { token: str({ minLength: 1, maxLength: 2000 }), email: str({ minLength: 1, maxLength: 2000 }) };

export const submitReceipt = publicOperation({
  id: 'submitReceipt',
  method: 'post',
  path: '/v1/public/bookings/{ref}/receipt',
  summary: 'Send a proof of payment (the receipt file itself as the body)',
  description:
    'For a booking paid by bank transfer or payment link whose money is still due: the body is the file itself (not JSON, not multipart), ' +
    'a PDF, JPEG, PNG or WebP of up to 10 MB (10,485,760 bytes). The file is recognised by its own bytes; its Content-Type and name are not trusted. ' +
    'The payment becomes proof_submitted for the seller to check, payment.receipt describes the file, and the seller can download it. ' +
    'Several receipts may be sent (a clearer scan, a second transfer); the latest is shown. Answers the booking view. ' +
    "Access is the booking_token (`token`) or the owner's session; the lead's email alone cannot send one (401 Unauthenticated); a wrong token answers 404 NotFound (entity booking). " +
    'Refusals: 413 ContentTooLarge (max_bytes) over 10 MB; 422 UnsupportedFileType (accepted: the media types taken) for any other kind of file; 422 InvalidInput for an empty body; ' +
    '409 Conflict with reason payment_not_by_transfer (paid on arrival, or a site that takes no payment), payment_not_due (already paid, refunded or cancelled) ' +
    'or booking_not_open (a cancelled, rejected or lapsed booking), details {ref, ...}.',
  params: { ref: anyRef },
  query: access,
  fileBody: { maxBytes: MAX_RECEIPT_BYTES, limitText: '10 MB', mediaTypes: [...RECEIPT_TYPES, 'application/octet-stream'] },
  bodyDescription: 'The receipt file itself: PDF, JPEG, PNG or WebP, up to 10 MB; any Content-Type is taken, the kind is read from the bytes',
  success: { status: 200, description: 'booking view, payment.status proof_submitted' },
  response: ref('BookingView'),
  handle: async ({ caller, params, query, file }, app) => app.payments.submitReceipt(caller, params.ref, query, file ?? Buffer.alloc(0)),
});

export const receiptOperations = [submitReceipt];
