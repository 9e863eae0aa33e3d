import { type PaymentEvent, outstanding, paymentDecider, paymentStream } from '../../../domain/payment';
import { placedBooking } from '../../booking';
import { defineReactor } from '../../platform/processing/reactor';
import { paymentLinkMail } from '../messages';

/**
 * The traveller is mailed each link to pay the seller sent, with what is still due and by when, in
 * the booking's language. The event's id is the mail's dedupe key, so a reactor run twice mails once.
 */
export const paymentLinkMailReactor = defineReactor<PaymentEvent>('payment-link-mail', {
  PaymentLinkSent: async (event, platform) => {
    const booking = await placedBooking(platform, event.data.ref);
    if (!booking) return;
    const { placed } = booking;
    const { state } = await platform.commands.load(paymentStream(placed.ref), paymentDecider);
    const amount = outstanding(state) ?? placed.quote.totals.due_now;
    const dueAt = state.status === 'none' ? null : state.dueAt;
    if (!dueAt) return;
    const told = { ref: placed.ref, trip: booking.title, start: booking.start, amount, dueAt, timezone: placed.timezone, url: event.data.url };
    await platform.mailer.send(paymentLinkMail(placed.lead.email, placed.locale, told), { dedupeKey: event.id });
  },
});
