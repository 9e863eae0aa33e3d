import { bookingDecider, bookingStream, cancellationPreview, RefundPreview } from '../../domain/booking';
import { paidAmount, paymentDecider, paymentStream } from '../../domain/payment';
import { Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import type { StorefrontContext } from '../platform/context';
import { type BookingDoc, type BookingView, metadataFor } from '../booking';
import type { Platform } from '../platform/platform';
import { cancellationFollowUpsReactor } from './reactors/cancellation-follow-ups';

export async function refundPreview(deps: Pick<Platform, 'commands' | 'clock'>, booking: Readonly<BookingDoc>): Promise<RefundPreview | Refusal> {
  const { state } = await deps.commands.load(bookingStream(booking._id), bookingDecider);
  const { state: payment } = await deps.commands.load(paymentStream(booking._id), paymentDecider);
  return cancellationPreview(state, paidAmount(payment), deps.clock.now());
}

export type CancelDeps = Pick<Platform, 'commands' | 'clock' | 'awaitProjections' | 'awaitReactor'>;

/**
 * Cancels a confirmed booking for its traveller. What follows (places back on sale, the refund,
 * nothing more owed, the mail) is done by reactors after the append, so a crash cannot lose it.
 * The answer waits, bounded, for the follow-ups reactor: the calendar read next then shows the
 * places back (read-your-writes). Should that take longer, the cancellation stands and the
 * places follow as soon as the reactor gets there.
 */
export async function cancel(
  deps: CancelDeps,
  ctx: StorefrontContext,
  booking: Readonly<BookingDoc>,
  reason: string | null,
): Promise<{ ref: string; status: 'cancelled'; cancellation: NonNullable<BookingView['cancellation']> } | Refusal> {
  const now = deps.clock.now();
  const ref = booking._id;
  const { state: payment } = await deps.commands.load(paymentStream(ref), paymentDecider);
  const cancelled = await deps.commands.handle(
    bookingStream(ref),
    bookingDecider,
    { type: 'CancelBooking', by: 'traveller', paid: paidAmount(payment), reason, now },
    metadataFor(ctx, now),
  );
  if (isRefusal(cancelled)) return cancelled;
  const event = cancelled.events.find((e) => e.type === 'BookingCancelled');
  if (!event || event.type !== 'BookingCancelled') return notFound('booking');
  await deps.awaitReactor(cancellationFollowUpsReactor.name, cancelled.position);
  await deps.awaitProjections(cancelled.position);
  const { by, refundPct, refund } = event.data;
  return { ref, status: 'cancelled', cancellation: { by, refund_pct: refundPct, refund } };
}
