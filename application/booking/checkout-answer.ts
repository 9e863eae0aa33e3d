import { Booking, bookingDecider, bookingStream } from '../../domain/booking';
import type { PaymentMethodDefinition } from '../../domain/catalog/definitions';
import { holdDecider, holdStream } from '../../domain/hold';
import { Payment, paymentDecider, paymentStream } from '../../domain/payment';
import { Refusal, notFound } from '../../domain/shared/refusal';
import { travellerDetailsDecider, travellerDetailsStream } from '../../domain/traveller-details';
import type { SellingPlatform } from '../availability';
import type { StorefrontContext } from '../platform/context';
import type { EventMetadata } from '../platform/ports/event-store';
import { tokensAnsweredAgain } from './idempotency';
import type { BookingTokens } from './sealed-tokens';
import type { CheckoutView } from './types';
import { bookingDocOf, bookingView } from './view';

type AnswerDeps = Pick<SellingPlatform, 'commands' | 'catalog' | 'settings'>;

/**
 * A checkout refused after it checked its hold out (the start called off meanwhile, its places or
 * vehicles gone) leaves nothing half-done: the hold is on hold again until its own time, so GET
 * holds/{ref} shows it as it is and the expiry sweep gives its places back then. Answers the refusal.
 */
export async function refusedCheckout(deps: AnswerDeps, ref: string, refusal: Refusal, metadata: EventMetadata, now: Date): Promise<Refusal> {
  await deps.commands.handle(holdStream(ref), holdDecider, { type: 'RefuseCheckout', code: refusal.code, now }, { ...metadata, commandId: undefined });
  return refusal;
}

/** The way to pay the booking was made with, even when a repeat of the checkout names another. */
export async function recordedMethod(
  deps: AnswerDeps,
  booking: Booking,
  given: PaymentMethodDefinition | null,
  sellerId: string,
): Promise<PaymentMethodDefinition | null> {
  const recorded = booking.status === 'none' ? null : (booking.placed.paymentMethod ?? null);
  if (recorded === (given?.kind ?? null)) return given;
  const seller = await deps.catalog.seller(sellerId);
  return seller?.payment_methods.find((m) => m.kind === recorded) ?? null;
}

/**
 * The answer to a checkout repeated (under its Idempotency-Key, or of a hold already booked): the
 * booking as it stands now, from its own streams (status, payment, cancellation, and the traveller
 * details given since); only the tokens are the first answer's.
 */
export async function repeatedCheckout(
  deps: AnswerDeps,
  ctx: StorefrontContext,
  ref: string,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<CheckoutView | Refusal> {
  const [{ state: booking }, { state: payment }, { state: details }] = await Promise.all([
    deps.commands.load(bookingStream(ref), bookingDecider),
    deps.commands.load(paymentStream(ref), paymentDecider),
    deps.commands.load(travellerDetailsStream(ref), travellerDetailsDecider),
  ]);
  const tokens = booking.status === 'none' ? null : tokensAnsweredAgain(deps.settings, ctx, booking.placed, idempotencyKey, now);
  return checkoutView(booking, payment, tokens, now, Object.keys(details.entries));
}

/**
 * The checkout answer from the booking's and payment's states, with the tokens when this request may
 * have them; `given`: the positions whose traveller details were given after booking.
 */
export function checkoutView(booking: Booking, payment: Payment, tokens: BookingTokens | null, now: Date, given: string[] = []): CheckoutView | Refusal {
  const doc = bookingDocOf(booking, payment);
  if (!doc) return notFound('booking');
  const withDetails = given.length > 0 ? { ...doc, details_given: Object.fromEntries(given.map((position) => [position, true as const])) } : doc;
  return { ...bookingView(withDetails, now), booking_token: tokens?.bookingToken ?? null, contact_token: tokens?.contactToken ?? null };
}
