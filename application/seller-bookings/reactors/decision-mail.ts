import type { BookingEvent } from '../../../domain/booking';
import { paymentDecider, paymentStream } from '../../../domain/payment';
import type { Money } from '../../../domain/shared/money';
import { CatalogReads } from '../../../projections/catalog/queries';
import { placedBooking } from '../../booking';
import type { Platform } from '../../platform/platform';
import { defineReactor } from '../../platform/processing/reactor';
import { bookingAcceptedMail, bookingLapsedMail, bookingRejectedMail } from '../messages';

type MailDeps = Pick<Platform, 'commands' | 'docs' | 'mailer'>;

/** What came in for the booking, all of which a declined or lapsed booking gives back. */
async function paidIn(deps: MailDeps, ref: string, currency: string): Promise<Money> {
  const { state } = await deps.commands.load(paymentStream(ref), paymentDecider);
  return state.status === 'none' ? { amount: 0, currency } : state.paid;
}

/**
 * The traveller's mail about the seller's answer to a pending booking (declined; accepted and asked
 * to pay) and about a request that lapsed, in the booking's language. Each event's id is its mail's
 * dedupe key, so a reactor run twice mails once. A confirmation is mailed by the booking mail.
 */
export const decisionMailReactor = defineReactor<BookingEvent>('booking-decision-mail', {
  BookingRejected: async (event, platform) => {
    const booking = await placedBooking(platform, event.data.ref);
    if (!booking) return;
    const { placed } = booking;
    const paid = await paidIn(platform, placed.ref, placed.quote.totals.due_now.currency);
    const told = { ref: placed.ref, trip: booking.title, start: booking.start };
    await platform.mailer.send(bookingRejectedMail(placed.lead.email, placed.locale, told, event.data.reason, paid), { dedupeKey: event.id });
  },
  BookingLapsed: async (event, platform) => {
    const booking = await placedBooking(platform, event.data.ref);
    if (!booking) return;
    const { placed } = booking;
    const paid = await paidIn(platform, placed.ref, placed.quote.totals.due_now.currency);
    const told = { ref: placed.ref, trip: booking.title, start: booking.start };
    await platform.mailer.send(bookingLapsedMail(placed.lead.email, placed.locale, told, paid), { dedupeKey: event.id });
  },
  BookingAccepted: async (event, platform) => {
    const booking = await placedBooking(platform, event.data.ref);
    if (!booking) return;
    const { placed } = booking;
    const seller = await new CatalogReads(platform.docs).seller(placed.sellerId);
    const method = seller?.payment_methods.find((m) => m.kind === placed.paymentMethod) ?? null;
    const mail = bookingAcceptedMail(placed.lead.email, placed.locale, {
      ref: placed.ref,
      trip: booking.title,
      start: booking.start,
      due: placed.quote.totals.due_now,
      dueAt: event.data.dueAt,
      timezone: placed.timezone,
      method,
    });
    await platform.mailer.send(mail, { dedupeKey: event.id });
  },
});
