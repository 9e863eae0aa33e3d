import { bookingDecider, bookingStream } from '../../domain/booking';
import { checkReceipt, decidePayment, paymentDecider, paymentStream } from '../../domain/payment';
import { type Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import { type BookingView, bookingView, metadataFor } from '../booking';
import { type Proof, openBooking } from '../manage-booking';
import type { StorefrontContext } from '../platform/context';
import type { Platform } from '../platform/platform';
import type { Blob } from '../platform/ports/blob-store';

export type ReceiptDeps = Pick<Platform, 'commands' | 'docs' | 'blobs' | 'clock' | 'ids' | 'awaitProjections'>;

/** Receipts are kept under their own id, named so the store's listing tells whose they are. */
const blobId = (ref: string, receiptId: string) => `receipt_${ref}_${receiptId}`;

/**
 * Spec 4.5: the traveller sends a proof of payment (the file itself as the body, recognised by
 * its bytes). It opens like a cancellation (the booking token or the owner's session; the lead's
 * email alone cannot). The file is kept first, then PaymentProofSubmitted names it: a refused or
 * failed append removes the file again, so no file is kept that no booking names.
 */
export async function submitReceipt(deps: ReceiptDeps, ctx: StorefrontContext, ref: string, proof: Proof, bytes: Buffer): Promise<BookingView | Refusal> {
  const doc = await openBooking(deps, ctx, ref, proof, 'send_receipt');
  if (isRefusal(doc)) return doc;
  const file = checkReceipt(bytes);
  if (isRefusal(file)) return file;
  const now = deps.clock.now();
  const { state: booking } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (booking.status === 'none') return notFound('booking');
  const receiptId = deps.ids.token('rcpt_');
  const command = {
    type: 'SubmitProof',
    ref,
    receiptId,
    contentType: file.contentType,
    size: bytes.length,
    bookingStatus: booking.status === 'placed' ? 'pending' : booking.status,
    now,
  } as const;
  // Decided once before the file is written, so a receipt the payment cannot take is never stored.
  const { state: payment } = await deps.commands.load(paymentStream(ref), paymentDecider);
  const early = decidePayment(command, payment);
  if (isRefusal(early)) return early;
  const id = blobId(ref, receiptId);
  await deps.blobs.put(id, bytes, file.contentType);
  const appended = await deps.commands.handle(paymentStream(ref), paymentDecider, command, metadataFor(ctx, now)).catch(async (error: unknown) => {
    await deps.blobs.delete(id);
    throw error;
  });
  if (isRefusal(appended)) {
    await deps.blobs.delete(id);
    return appended;
  }
  await deps.awaitProjections(appended.position);
  const fresh = await openBooking(deps, ctx, ref, proof, 'send_receipt');
  return isRefusal(fresh) ? fresh : bookingView(fresh, now);
}

/** A receipt of one of the seller's bookings, as the traveller sent it; NotFound (entity receipt) when the booking has none by that id. */
export async function receiptFile(deps: Pick<Platform, 'commands' | 'blobs'>, sellerId: string, ref: string, receiptId: string): Promise<Blob | Refusal> {
  const { state: booking } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (booking.status === 'none' || booking.placed.sellerId !== sellerId) return notFound('booking');
  const { state: payment } = await deps.commands.load(paymentStream(ref), paymentDecider);
  if (payment.status === 'none' || !payment.receipts.some((r) => r.id === receiptId)) return notFound('receipt');
  return (await deps.blobs.get(blobId(ref, receiptId))) ?? notFound('receipt');
}
