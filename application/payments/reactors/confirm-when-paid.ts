import { bookingDecider, bookingStream } from '../../../domain/booking';
import type { PaymentEvent } from '../../../domain/payment';
import { isRefusal } from '../../../domain/shared/refusal';
import { defineReactor } from '../../platform/processing/reactor';

/**
 * A booking that waited for its money and is now paid in full becomes confirmed (`by: 'payment'`).
 * The booking decides whether it was waiting for that (a pending booking paid by transfer or link);
 * the command's id derives from the payment event's, so running this again confirms nothing twice.
 */
export const confirmWhenPaidReactor = defineReactor<PaymentEvent>('confirm-when-paid', {
  PaymentReceived: async (event, platform) => {
    if (event.data.status !== 'paid') return;
    const ref = event.data.ref;
    const { state } = await platform.commands.load(bookingStream(ref), bookingDecider);
    if (state.status !== 'pending' && state.status !== 'placed') return;
    const now = platform.clock.now();
    const confirmed = await platform.commands.handle(
      bookingStream(ref),
      bookingDecider,
      { type: 'ConfirmBooking', by: 'payment', now },
      {
        correlationId: event.metadata.correlationId,
        causationId: event.id,
        storefrontId: event.metadata.storefrontId,
        at: now.toISOString(),
        commandId: `${event.id}:confirm`,
      },
    );
    if (isRefusal(confirmed)) {
      // Not every pending booking is confirmed by its money alone (one the seller has yet to answer): it stays as it is.
      platform.log.info('a booking paid in full stays pending', { ref, code: confirmed.code, detail: confirmed.detail });
      return;
    }
    await platform.awaitProjections(confirmed.position);
  },
});
