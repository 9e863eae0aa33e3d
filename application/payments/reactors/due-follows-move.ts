import type { BookingEvent } from '../../../domain/booking';
import { paymentDecider, paymentStream } from '../../../domain/payment';
import { isRefusal } from '../../../domain/shared/refusal';
import { defineReactor } from '../../platform/processing/reactor';

/**
 * A pending booking moved to another start by a call-off waits until a new time (BookingMoved's
 * pendingExpiresAt): money already asked for is due then too (MovePaymentDue), as checkout sets it
 * for a start. The payment decides whether it was asked for; the command's id derives from the
 * move's event id, so running this again moves nothing twice.
 */
export const dueFollowsMoveReactor = defineReactor<BookingEvent>('payment-due-follows-move', {
  BookingMoved: async (event, platform) => {
    const dueAt = event.data.pendingExpiresAt;
    if (!dueAt) return;
    const now = platform.clock.now();
    const moved = await platform.commands.handle(
      paymentStream(event.data.ref),
      paymentDecider,
      { type: 'MovePaymentDue', ref: event.data.ref, dueAt, now },
      {
        correlationId: event.metadata.correlationId,
        causationId: event.id,
        storefrontId: event.metadata.storefrontId,
        at: now.toISOString(),
        commandId: `${event.id}:move-payment-due`,
      },
    );
    if (isRefusal(moved)) {
      platform.log.error('the payment of a moved booking kept its due date', { ref: event.data.ref, code: moved.code, detail: moved.detail });
      return;
    }
    await platform.awaitProjections(moved.position);
  },
});
