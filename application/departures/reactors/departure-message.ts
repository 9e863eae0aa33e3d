import { bookingDecider, bookingStream } from '../../../domain/booking';
import type { DepartureEvent } from '../../../domain/departure';
import { isRefusal } from '../../../domain/shared/refusal';
import { placedBooking } from '../../booking';
import { defineReactor } from '../../platform/processing/reactor';
import { departureMessageMail } from '../mails';

/**
 * Staff's message to a start reaches each of its bookings once: BookingMessaged on the booking
 * (its event id derives from the message's event id and the ref, so a run repeated after a crash
 * appends it once) and the traveller's mail, deduplicated by the message's event id and the ref.
 * A booking no longer standing by then is left out.
 */
export const departureMessageReactor = defineReactor<DepartureEvent>('departure-message', {
  DepartureMessaged: async (event, platform) => {
    const { messageId, message, subject, refs } = event.data;
    for (const ref of refs) {
      const now = platform.clock.now();
      const messaged = await platform.commands.handle(
        bookingStream(ref),
        bookingDecider,
        { type: 'MessageBooking', messageId, message, now },
        { correlationId: event.metadata.correlationId, causationId: event.id, at: now.toISOString(), commandId: `${event.id}:${ref}:message` },
      );
      if (isRefusal(messaged)) continue;
      const booking = await placedBooking(platform, ref);
      if (!booking) continue;
      const { placed, title, start } = booking;
      const mail = departureMessageMail({ to: placed.lead.email, locale: placed.locale, ref, trip: title }, { start, subject, message });
      await platform.mailer.send(mail, { dedupeKey: `${event.id}:${ref}` });
    }
  },
});
