import type { BookingEvent } from '../../../domain/booking';
import { paymentDecider, paymentStream } from '../../../domain/payment';
import { bookingCancelledMail, placedBooking } from '../../booking';
import { defineReactor } from '../../platform/processing/reactor';

/**
 * The traveller's mail about a cancellation and its refund; the cancellation's event id is its dedupe
 * key. A cancellation a call-off made (its metadata names the call) is told by the departure's own
 * mail, with the reason, so the traveller gets one mail, not two.
 */
export const cancellationMailReactor = defineReactor<BookingEvent>('cancellation-mail', {
  BookingCancelled: async (event, platform) => {
    if (typeof (event.metadata as { callId?: unknown }).callId === 'string') return;
    const booking = await placedBooking(platform, event.data.ref);
    if (!booking) return;
    const { placed, title } = booking;
    const { state: payment } = await platform.commands.load(paymentStream(placed.ref), paymentDecider);
    const nothingPaid = payment.status === 'none' || payment.paid.amount === 0;
    const told = { ref: placed.ref, trip: title, start: booking.start, refund: event.data.refund, nothingPaid };
    const mail = bookingCancelledMail(placed.lead.email, placed.locale, told);
    await platform.mailer.send(mail, { dedupeKey: event.id });
  },
});
