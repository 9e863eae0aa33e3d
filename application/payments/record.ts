import { requestMetadata } from '../platform/ports/event-store';
import { createHash } from 'node:crypto';
import { bookingDecider, bookingStream } from '../../domain/booking';
import { paymentDecider, paymentStream } from '../../domain/payment';
import { type Money, type Rounding, roundingFor } from '../../domain/shared/money';
import { CatalogReads } from '../../projections/catalog/queries';
import { type Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import type { Platform } from '../platform/platform';
import { type SellerPaymentView, sellerPaymentView } from './view';
import { confirmWhenPaidReactor } from './reactors/confirm-when-paid';

export interface RecordPaymentBody {
  amount: Money;
  reference?: string | null;
  received_at?: string;
}

export interface SellerCall {
  sellerId: string;
  correlationId: string;
}

export type RecordDeps = Pick<Platform, 'commands' | 'clock' | 'ids' | 'docs' | 'awaitProjections' | 'awaitReactor'>;

/** How the booking's storefront rounds the currency of what is left to bring on arrival, where that is not the booking's own. */
async function arrivalRounding(deps: RecordDeps, ref: string, storefrontId: string): Promise<Rounding | undefined> {
  const { state } = await deps.commands.load(paymentStream(ref), paymentDecider);
  const arranged = state.status === 'none' ? null : state.arrangedOnArrival;
  if (!arranged || state.status === 'none' || arranged.currency === (state.due ?? state.paid).currency) return undefined;
  const storefront = await new CatalogReads(deps.docs).storefront(storefrontId);
  return storefront ? roundingFor(storefront.rounding, arranged.currency) : undefined;
}

/**
 * The payment id: from the request's Idempotency-Key when it has one (the seller's and the
 * booking's, so one key names one payment), so a retried request records nothing twice.
 */
function paymentIdFor(deps: RecordDeps, sellerId: string, ref: string, idempotencyKey: string | undefined): string {
  if (!idempotencyKey) return deps.ids.token('pay_');
  return `pay_${createHash('sha256').update(`${sellerId}\n${ref}\n${idempotencyKey}`).digest('base64url').slice(0, 32)}`;
}

/** The seller's booking with its payment as it now stands, or NotFound for a booking of another seller. */
export async function sellerPayment(deps: Pick<Platform, 'commands'>, sellerId: string, ref: string): Promise<SellerPaymentView | Refusal> {
  const { state: booking } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (booking.status === 'none' || booking.placed.sellerId !== sellerId) return notFound('booking');
  const { state: payment } = await deps.commands.load(paymentStream(ref), paymentDecider);
  return sellerPaymentView(ref, booking, payment) ?? notFound('booking');
}

/**
 * The seller records money received for one of its bookings (part or all of what is still due).
 * A booking that waited for its money and is now paid in full is confirmed by a reactor; the
 * answer waits for it (bounded), so it shows the booking confirmed.
 */
export async function recordPayment(
  deps: RecordDeps,
  caller: SellerCall,
  ref: string,
  body: RecordPaymentBody,
  idempotencyKey: string | undefined,
): Promise<SellerPaymentView | Refusal> {
  const { state: booking } = await deps.commands.load(bookingStream(ref), bookingDecider);
  if (booking.status === 'none' || booking.placed.sellerId !== caller.sellerId) return notFound('booking');
  const now = deps.clock.now();
  const paymentId = paymentIdFor(deps, caller.sellerId, ref, idempotencyKey);
  const recorded = await deps.commands.handle(
    paymentStream(ref),
    paymentDecider,
    {
      type: 'RecordPayment',
      ref,
      paymentId,
      amount: body.amount,
      reference: body.reference ?? null,
      receivedAt: body.received_at ? new Date(body.received_at) : now,
      bookingStatus: booking.status === 'placed' ? 'pending' : booking.status,
      rounding: await arrivalRounding(deps, ref, booking.placed.storefrontId),
      now,
    },
    requestMetadata(caller.correlationId, now, { commandId: `record-payment:${paymentId}` }),
  );
  if (isRefusal(recorded)) return recorded;
  await deps.awaitReactor(confirmWhenPaidReactor.name, recorded.position);
  await deps.awaitProjections(recorded.position);
  return sellerPayment(deps, caller.sellerId, ref);
}
