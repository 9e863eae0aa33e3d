import type { BookingEvent } from '../../../domain/booking';
import { waitsOnlyForMoney } from '../../../domain/booking/rules';
import type { Platform } from '../../platform/platform';
import { defineReactor } from '../../platform/processing/reactor';
import { bookingMadeMail } from '../messages';
import { placedBooking } from '../placed';

/**
 * The traveller's mail about a booking, sent once its outcome is recorded: the event that says
 * confirmed or pending is the one the mail announces, and its id is the mail's dedupe key.
 */
export const bookingMailReactor = defineReactor<BookingEvent>('booking-mail', {
  BookingConfirmed: (event, platform) => sendBookingMail(platform, event.data.ref, 'confirmed', event.id),
  BookingPending: (event, platform) => sendBookingMail(platform, event.data.ref, 'pending', event.id),
});

async function sendBookingMail(
  platform: Pick<Platform, 'commands' | 'docs' | 'mailer'>,
  ref: string,
  status: 'confirmed' | 'pending',
  eventId: string,
): Promise<void> {
  const booking = await placedBooking(platform, ref);
  if (!booking) return;
  const { placed, title } = booking;
  // A booking that waits only for its money is asked for it (the seller-bookings payment mail), not told it waits for the seller.
  if (status === 'pending' && waitsOnlyForMoney(placed)) return;
  const mail = bookingMadeMail(placed.lead.email, placed.locale, { ref, trip: title, start: placed.start, pax: placed.pax, status });
  await platform.mailer.send(mail, { dedupeKey: eventId });
}
