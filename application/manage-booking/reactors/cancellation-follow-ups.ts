import { type BookingEvent, bookingDecider, bookingStream } from '../../../domain/booking';
import { departureDecider, departureStream } from '../../../domain/departure';
import { paymentDecider, paymentStream } from '../../../domain/payment';
import { isRefusal } from '../../../domain/shared/refusal';
import type { EventMetadata, RecordedEvent } from '../../platform/ports/event-store';
import { defineReactor } from '../../platform/processing/reactor';

/**
 * What follows a cancellation, whoever cancelled: the places back on sale, the refund paid,
 * nothing more owed. Each command is decided against its stream and changes nothing when it
 * is done already, so running this again (a restart, a retry) does nothing twice.
 */
export const cancellationFollowUpsReactor = defineReactor<BookingEvent>('cancellation-follow-ups', {
  BookingCancelled: async (event, platform) => {
    const ref = event.data.ref;
    const { state } = await platform.commands.load(bookingStream(ref), bookingDecider);
    if (state.status === 'none') return;
    const now = platform.clock.now();
    const { optionId } = state.placed;
    const start = state.start;
    const steps = [
      await platform.commands.handle(
        departureStream(optionId, start),
        departureDecider,
        { type: 'ReleasePlaces', ref, why: 'cancelled', now },
        followUp(event, 'release', now),
      ),
      await platform.commands.handle(
        paymentStream(ref),
        paymentDecider,
        { type: 'RefundPayment', ref, refund: event.data.refund, now },
        followUp(event, 'refund', now),
      ),
      await platform.commands.handle(paymentStream(ref), paymentDecider, { type: 'CancelUnpaid', ref, now }, followUp(event, 'close', now)),
    ];
    for (const step of steps) {
      if (isRefusal(step)) platform.log.error('a follow-up of a cancellation was refused', { ref, code: step.code, detail: step.detail });
    }
    // Done means visible: the cancel answer waits for this reactor, and the calendar must show the places back then.
    await platform.awaitProjections(Math.max(...steps.map((step) => (isRefusal(step) ? -1 : step.position))));
  },
});

/** Follow-ups carry the cancellation's request id; their event ids derive from the cancellation's, one name per step. */
function followUp(cause: Pick<RecordedEvent, 'id' | 'metadata'>, step: string, now: Date): EventMetadata {
  return {
    correlationId: cause.metadata.correlationId,
    causationId: cause.id,
    storefrontId: cause.metadata.storefrontId,
    at: now.toISOString(),
    commandId: `${cause.id}:${step}`,
  };
}
