import { bookingDecider, bookingStream } from '../../domain/booking';
import { paymentDecider, paymentStream } from '../../domain/payment';
import { type Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import type { Platform } from '../platform/platform';
import { requestMetadata } from '../platform/ports/event-store';
import { type SellerCall, sellerPayment } from './record';
import type { SellerPaymentView } from './view';

export type LinkDeps = Pick<Platform, 'commands' | 'clock' | 'awaitProjections'>;

/**
 * The seller sends the traveller the link to pay a booking paid by payment link (their payment
 * provider's page). The payment decides (PaymentLinkSent, once per link); the traveller's mail and
 * the webhook follow from the event in reactors. Answers the payment as it now stands.
 */
export async function sendPaymentLink(deps: LinkDeps, caller: SellerCall, ref: string, url: string): Promise<SellerPaymentView | Refusal> {
  const { state: booking } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (booking.status === 'none' || booking.placed.sellerId !== caller.sellerId) return notFound('booking');
  const now = deps.clock.now();
  const sent = await deps.commands.handle(
    paymentStream(ref),
    paymentDecider,
    { type: 'SendPaymentLink', ref, url, bookingStatus: booking.status === 'placed' ? 'pending' : booking.status, now },
    requestMetadata(caller.correlationId, now),
  );
  if (isRefusal(sent)) return sent;
  await deps.awaitProjections(sent.position);
  return sellerPayment(deps, caller.sellerId, ref);
}
