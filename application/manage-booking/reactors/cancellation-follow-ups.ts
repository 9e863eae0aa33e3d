import { type BookingEvent, bookingDecider, bookingStream } from '../../../domain/booking';
import { departureDecider, departureStream } from '../../../domain/departure';
import { paymentDecider, paymentStream } from '../../../domain/payment';
import type { Money } from '../../../domain/shared/money';
import { isRefusal } from '../../../domain/shared/refusal';
import type { Platform } from '../../platform/platform';
import type { EventMetadata, RecordedEvent } from '../../platform/ports/event-store';
import { defineReactor } from '../../platform/processing/reactor';

type Ending = Pick<RecordedEvent, 'id' | 'metadata'> & { data: { ref: string } };

/**
 * What follows the end of a booking, whoever ended it (cancelled; declined by the seller; lapsed):
 * the places back on sale, the refund paid, nothing more owed. A cancellation refunds what it says;
 * a declined or lapsed booking gives back everything that came in. Each command is decided against
 * its stream and changes nothing when it is done already, so running this again (a restart, a
 * retry) does nothing twice.
 */
export const cancellationFollowUpsReactor = defineReactor<BookingEvent>('cancellation-follow-ups', {
  BookingCancelled: (event, platform) => followUp(platform, event, event.data.refund),
  BookingRejected: (event, platform) => followUp(platform, event, 'everything paid'),
  BookingLapsed: (event, platform) => followUp(platform, event, 'everything paid'),
});

async function followUp(platform: Platform, event: Ending, refund: Money | 'everything paid'): Promise<void> {
  const ref = event.data.ref;
  const { state } = await platform.commands.load(bookingStream(ref), bookingDecider);
  if (state.status === 'none') return;
  const now = platform.clock.now();
  const { optionId } = state.placed;
  const release = await platform.commands.handle(
    departureStream(optionId, state.start),
    departureDecider,
    { type: 'ReleasePlaces', ref, why: 'cancelled', now },
    metadataFor(event, 'release', now),
  );
  const { state: payment } = await platform.commands.load(paymentStream(ref), paymentDecider);
  const owed = refund === 'everything paid' ? (payment.status === 'none' ? null : payment.paid) : refund;
  const steps = [
    release,
    ...(owed
      ? [
          await platform.commands.handle(
            paymentStream(ref),
            paymentDecider,
            { type: 'RefundPayment', ref, refund: owed, now },
            metadataFor(event, 'refund', now),
          ),
        ]
      : []),
    await platform.commands.handle(paymentStream(ref), paymentDecider, { type: 'CancelUnpaid', ref, now }, metadataFor(event, 'close', now)),
  ];
  for (const step of steps) {
    if (isRefusal(step)) platform.log.error('a follow-up of the end of a booking was refused', { ref, code: step.code, detail: step.detail });
  }
  // Done means visible: the answer that ended the booking waits for this reactor, and the calendar must show the places back then.
  await platform.awaitProjections(Math.max(...steps.map((step) => (isRefusal(step) ? -1 : step.position))));
}

/** Follow-ups carry the ending's request id; their event ids derive from the ending event's, one name per step. */
function metadataFor(cause: Pick<RecordedEvent, 'id' | 'metadata'>, step: string, now: Date): EventMetadata {
  return {
    correlationId: cause.metadata.correlationId,
    causationId: cause.id,
    storefrontId: cause.metadata.storefrontId,
    at: now.toISOString(),
    commandId: `${cause.id}:${step}`,
  };
}
