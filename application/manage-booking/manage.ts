import { bookingDecider, bookingStream, refundPreview as refundOwed, RefundPreview } from '../../domain/booking';
import { departureDecider, departureStream } from '../../domain/departure';
import type { Money } from '../../domain/shared/money';
import { paidAmount, paymentDecider, paymentStream } from '../../domain/payment';
import { Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import type { StorefrontContext } from '../platform/context';
import { bookingCancelledMail } from '../booking/messages';
import type { EventMetadata } from '../platform/ports/event-store';
import type { BookingDoc, BookingView } from '../booking/view';
import { sendQuietly } from '../booking/mail';
import { metadataFor } from '../booking/metadata';
import type { BookingPlatform } from '../booking/deps';
import type { Platform } from '../platform/platform';

export async function refundPreview(deps: Pick<Platform, 'commands' | 'clock'>, booking: Readonly<BookingDoc>): Promise<RefundPreview | Refusal> {
  const { state } = await deps.commands.load(bookingStream(booking._id), bookingDecider);
  if (state.status === 'none') return notFound('booking');
  const { state: payment } = await deps.commands.load(paymentStream(booking._id), paymentDecider);
  return refundOwed(state.placed, paidAmount(payment), deps.clock.now());
}

export async function cancel(deps: Pick<BookingPlatform, 'commands' | 'clock' | 'awaitProjections' | 'catalog' | 'mailer' | 'log'>, ctx: StorefrontContext, booking: Readonly<BookingDoc>, reason: string | null): Promise<{ ref: string; status: 'cancelled'; cancellation: NonNullable<BookingView['cancellation']> } | Refusal> {
  const now = deps.clock.now();
  const metadata = metadataFor(ctx, now);
  const ref = booking._id;
  const { state: payment } = await deps.commands.load(paymentStream(ref), paymentDecider);
  const cancelled = await deps.commands.handle(bookingStream(ref), bookingDecider, { type: 'CancelBooking', by: 'traveller', paid: paidAmount(payment), reason, now }, metadata);
  if (isRefusal(cancelled)) {
    // Cancelling again is a 409, but it also finishes what a cancellation cut short (places, refund).
    const { state } = await deps.commands.load(bookingStream(ref), bookingDecider);
    if (state.status === 'cancelled' && state.cancellation) await afterCancellation(deps, booking, state.cancellation.refund, now, metadata);
    return cancelled;
  }
  const event = cancelled.events.find((e) => e.type === 'BookingCancelled');
  if (!event || event.type !== 'BookingCancelled' || cancelled.state.status === 'none') return notFound('booking');
  const followed = await afterCancellation(deps, booking, event.data.refund, now, metadata);
  if (isRefusal(followed)) return followed;
  await deps.awaitProjections(Math.max(cancelled.position, followed));
  const placed = cancelled.state.placed;
  const product = await deps.catalog.product(placed.productId);
  const title = product?.definition.content[placed.locale ?? '']?.title ?? placed.trip.title;
  await sendQuietly(deps, bookingCancelledMail(placed.lead.email, placed.locale, { ref, trip: title, start: placed.start, refund: event.data.refund }));
  const { by, refundPct, refund } = event.data;
  return { ref, status: 'cancelled', cancellation: { by, refund_pct: refundPct, refund } };
}

/** Places back on sale, the refund paid, nothing more owed: all safe to repeat. Answers the last log position written. */
async function afterCancellation(deps: Pick<Platform, 'commands'>, booking: Readonly<BookingDoc>, refund: Money, now: Date, metadata: EventMetadata): Promise<number | Refusal> {
  const ref = booking._id;
  const released = await deps.commands.handle(departureStream(booking.option_id, booking.start), departureDecider, { type: 'ReleasePlaces', ref, why: 'cancelled', now }, metadata);
  if (isRefusal(released)) return released;
  const refunded = await deps.commands.handle(paymentStream(ref), paymentDecider, { type: 'RefundPayment', ref, refund, now }, metadata);
  if (isRefusal(refunded)) return refunded;
  const closed = await deps.commands.handle(paymentStream(ref), paymentDecider, { type: 'CancelUnpaid', ref, now }, metadata);
  if (isRefusal(closed)) return closed;
  return Math.max(released.position, refunded.position, closed.position);
}
