import { bookingDecider, bookingStream, refundInsteadOffer, type RefundInsteadOffer } from '../../domain/booking';
import { paidAmount, paymentDecider, paymentStream } from '../../domain/payment';
import { type Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import { type BookingDoc, type BookingView, metadataFor } from '../booking';
import type { StorefrontContext } from '../platform/context';
import type { Platform } from '../platform/platform';

export type RefundInsteadDeps = Pick<Platform, 'commands' | 'clock' | 'awaitReactor' | 'awaitProjections'>;

/** The manage-booking reactor that releases places and pays refunds after any cancellation (read-your-writes waits for it). */
const CANCELLATION_FOLLOW_UPS = 'cancellation-follow-ups';

async function paidIn(deps: Pick<Platform, 'commands'>, ref: string): Promise<number> {
  const { state } = await deps.commands.load(paymentStream(ref), paymentDecider);
  return paidAmount(state);
}

/** What a moved booking is offered instead: 404 when nothing is offered, also once the new start has begun. */
export async function offer(deps: RefundInsteadDeps, booking: Readonly<BookingDoc>): Promise<RefundInsteadOffer | Refusal> {
  const { state } = await deps.commands.load(bookingStream(booking._id), bookingDecider);
  const offered = refundInsteadOffer(state, await paidIn(deps, booking._id), deps.clock.now());
  if (isRefusal(offered) && offered.code === 'Conflict') return notFound('refund_instead');
  return offered;
}

/**
 * The traveller takes the refund instead of the new start: the booking is cancelled by the seller
 * with everything paid refunded; the cancellation follow-ups return its places at the new start
 * and pay the refund, and the answer waits (bounded) for them. Taking it again answers the same.
 */
export async function take(
  deps: RefundInsteadDeps,
  ctx: StorefrontContext,
  booking: Readonly<BookingDoc>,
): Promise<{ ref: string; status: 'cancelled'; cancellation: NonNullable<BookingView['cancellation']> } | Refusal> {
  const now = deps.clock.now();
  const ref = booking._id;
  const taken = await deps.commands.handle(
    bookingStream(ref),
    bookingDecider,
    { type: 'TakeRefundInstead', paid: await paidIn(deps, ref), now },
    metadataFor(ctx, now),
  );
  if (isRefusal(taken)) return taken;
  // Taken now or by an earlier request (a retry answers the same cancellation, and refunds nothing twice).
  const cancellation = taken.state.status === 'none' ? null : taken.state.cancellation;
  if (!cancellation?.refundInstead) return notFound('refund_instead');
  await deps.awaitReactor(CANCELLATION_FOLLOW_UPS, taken.position);
  await deps.awaitProjections(taken.position);
  const { by, refundPct, refund } = cancellation;
  return { ref, status: 'cancelled', cancellation: { by, refund_pct: refundPct, refund } };
}
