import { type BookingEvent, bookingDecider, bookingStream } from '../../../domain/booking';
import { waitsOnlyForMoney } from '../../../domain/booking/rules';
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
    const { state } = await platform.commands.load(bookingStream(placed.ref), bookingDecider);
    const unpaid = waitsOnlyForMoney(placed) || (state.status !== 'none' && state.accepted);
    await platform.mailer.send(bookingLapsedMail(placed.lead.email, placed.locale, told, paid, unpaid), { dedupeKey: event.id });
  },
  // A booking that waits only for its money asks for it at once, with the deadline and how to pay.
  BookingPending: async (event, platform) => {
    if (!event.data.expiresAt) return;
    await askToPay(platform, event.data.ref, event.data.expiresAt, event.id, false);
  },
  BookingAccepted: (event, platform) => askToPay(platform, event.data.ref, event.data.dueAt, event.id, true),
});

/** The mail asking the traveller to pay by `dueAt`: after the seller accepted a request, or at checkout for a booking that waits only for its money. */
async function askToPay(platform: MailDeps, ref: string, dueAt: string, eventId: string, accepted: boolean): Promise<void> {
  const booking = await placedBooking(platform, ref);
  if (!booking || (!accepted && !waitsOnlyForMoney(booking.placed))) return;
  const { placed } = booking;
  const seller = await new CatalogReads(platform.docs).seller(placed.sellerId);
  const method = seller?.payment_methods.find((m) => m.kind === placed.paymentMethod) ?? null;
  const told = { ref: placed.ref, trip: booking.title, start: booking.start };
  const due = { due: placed.quote.totals.due_now, dueAt, timezone: placed.timezone, method };
  await platform.mailer.send(bookingAcceptedMail(placed.lead.email, placed.locale, { ...told, ...due }, accepted), { dedupeKey: eventId });
}
