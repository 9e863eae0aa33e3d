import type { BookingEvent } from '../../../domain/booking';
import { departureDecider, departureStream } from '../../../domain/departure';
import { paidAmount, paymentDecider, paymentStream } from '../../../domain/payment';
import { money } from '../../../domain/shared/money';
import { placedBooking } from '../../booking';
import { defineReactor } from '../../platform/processing/reactor';
import { bookingMovedMail, calledOffCancelledMail } from '../mails';

/**
 * The traveller's mails of a call-off, each once (the event id is the dedupe key): the booking
 * moved (the new start, why, and the refund offered instead until then), or cancelled by the
 * seller because its start was called off (why, and the refund). Cancellations of a call-off are
 * told apart by the call id the call-off reactor puts in their metadata.
 */
export const departureMailReactor = defineReactor<BookingEvent>('departure-mail', {
  BookingMoved: async (event, platform) => {
    const booking = await placedBooking(platform, event.data.ref);
    if (!booking) return;
    const { placed, title } = booking;
    const { state: payment } = await platform.commands.load(paymentStream(placed.ref), paymentDecider);
    const refund = money(paidAmount(payment), placed.quote.totals.due_now.currency);
    const { from, to, reason, note } = event.data;
    const mail = bookingMovedMail({ to: placed.lead.email, locale: placed.locale, ref: placed.ref, trip: title }, { from, to, reason, note, refund });
    await platform.mailer.send(mail, { dedupeKey: event.id });
  },
  BookingCancelled: async (event, platform) => {
    if (typeof event.metadata.callId !== 'string' || event.data.by !== 'seller') return;
    const booking = await placedBooking(platform, event.data.ref);
    if (!booking) return;
    const { placed, title, start } = booking;
    // The note is the call's: the departure called off keeps it.
    const { state: departure } = await platform.commands.load(departureStream(placed.optionId, start), departureDecider);
    const note = departure.calledOff?.note ?? null;
    const mail = calledOffCancelledMail(
      { to: placed.lead.email, locale: placed.locale, ref: placed.ref, trip: title },
      { start, reason: event.data.reason ?? 'other', note, refund: event.data.refund },
    );
    await platform.mailer.send(mail, { dedupeKey: `${event.id}:called-off` });
  },
});
