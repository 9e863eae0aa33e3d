import type { BookingEvent } from '../../../domain/booking';
import { paymentDecider, paymentStream } from '../../../domain/payment';
import { isRefusal } from '../../../domain/shared/refusal';
import { defineReactor } from '../../platform/processing/reactor';

/**
 * A request the seller accepted asks for its money: the payment is due by the accepted due date
 * (RequestPayment). The command's id derives from the acceptance's, and a payment already due then
 * changes nothing, so running this again asks once.
 */
export const paymentRequestReactor = defineReactor<BookingEvent>('payment-request', {
  BookingAccepted: async (event, platform) => {
    const now = platform.clock.now();
    const requested = await platform.commands.handle(
      paymentStream(event.data.ref),
      paymentDecider,
      { type: 'RequestPayment', ref: event.data.ref, dueAt: event.data.dueAt, now },
      {
        correlationId: event.metadata.correlationId,
        causationId: event.id,
        storefrontId: event.metadata.storefrontId,
        at: now.toISOString(),
        commandId: `${event.id}:request-payment`,
      },
    );
    if (isRefusal(requested)) {
      platform.log.error('asking for the payment of an accepted booking was refused', { ref: event.data.ref, code: requested.code, detail: requested.detail });
      return;
    }
    await platform.awaitProjections(requested.position);
  },
});
