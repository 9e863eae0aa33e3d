import { bookingDecider, bookingStream } from '../../../domain/booking';
import { capacityOf } from '../../../domain/calendar/schedule';
import type { OptionDefinition, ProductDefinition } from '../../../domain/catalog/definitions';
import { type CallOffOutcome, type DepartureCalledOff, type DepartureEvent, departureDecider, departureStream, extraStockOf } from '../../../domain/departure';
import { paidAmount, paymentDecider, paymentStream } from '../../../domain/payment';
import { isRefusal } from '../../../domain/shared/refusal';
import { CatalogReads } from '../../../projections/catalog/queries';
import type { Platform } from '../../platform/platform';
import type { EventMetadata, RecordedEvent } from '../../platform/ports/event-store';
import { defineReactor } from '../../platform/processing/reactor';
import { bookPlaces, countedVehicles, holdPlaces } from '../../vehicles';

type CallOffEvent = Pick<RecordedEvent, 'id' | 'metadata'> & DepartureCalledOff;

/**
 * Each step's event ids derive from the call's event id, the booking and the step, and each
 * command is decided against its stream, so a run repeated after a crash does nothing twice.
 * Bookings cancelled here carry the call id in their metadata: their mail tells why.
 */
function step(cause: CallOffEvent, name: string, now: Date, storefrontId?: string): EventMetadata {
  return {
    correlationId: cause.metadata.correlationId,
    causationId: cause.id,
    at: now.toISOString(),
    commandId: `${cause.id}:${name}`,
    callId: cause.data.callId,
    ...(storefrontId ? { storefrontId } : {}),
  };
}

/**
 * Places for `ref` at the offered start, held and booked at once with the stocked extras its entry took at the
 * start called off and the vehicles it needs on the offered start's day; false when they do not fit (it is cancelled then).
 */
async function takePlaces(
  platform: Platform,
  cause: CallOffEvent,
  trip: ProductDefinition,
  option: OptionDefinition,
  ref: string,
  places: number,
  now: Date,
): Promise<boolean> {
  const { state: from } = await platform.commands.load(departureStream(option.id, cause.data.start), departureDecider);
  const extras = from.entries[ref]?.extras ?? {};
  // Requests of on_request options without a capacity take no places anywhere, only their extras and vehicles.
  if (option.capacity_mode === 'on_request' && capacityOf(option) === null && Object.keys(extras).length === 0 && !countedVehicles(option)) return true;
  const to = cause.data.offeredStart as string;
  const stream = departureStream(option.id, to);
  const expiresAt = new Date(now.getTime() + platform.settings.holdMinutes * 60_000).toISOString();
  const extraStock = extraStockOf(trip.extras, option.id);
  const held = await holdPlaces(
    platform,
    option,
    { type: 'HoldPlaces', ref, optionId: option.id, start: to, places, capacity: capacityOf(option), expiresAt, now, extras, extraStock },
    step(cause, `${ref}:hold`, now),
    { book: true },
  );
  if (isRefusal(held)) return false;
  const booked = await bookPlaces(platform, option, to, { type: 'BookPlaces', ref, now }, step(cause, `${ref}:book`, now));
  if (!isRefusal(booked)) return true;
  await platform.commands.handle(stream, departureDecider, { type: 'ReleasePlaces', ref, why: 'cancelled', now }, step(cause, `${ref}:unhold`, now));
  return false;
}

/** The places a moved booking had at the start called off go back (a repeat changes nothing). */
async function releaseMoved(platform: Platform, cause: CallOffEvent, optionId: string, ref: string): Promise<void> {
  const now = platform.clock.now();
  await platform.commands.handle(
    departureStream(optionId, cause.data.start),
    departureDecider,
    { type: 'ReleasePlaces', ref, why: 'moved', now },
    step(cause, `${ref}:release`, now),
  );
}

/** Moves one booking of the call to the offered start, or cancels it by the seller; null for a ref the call does not concern. */
async function settleBooking(platform: Platform, cause: CallOffEvent, ref: string): Promise<CallOffOutcome | null> {
  const { callId, start, offeredStart, reason, note } = cause.data;
  const { state } = await platform.commands.load(bookingStream(ref), bookingDecider);
  if (state.status === 'none') return null;
  if (state.move?.callId === callId) {
    // Moved before a crash: its places at the start called off may not be released yet.
    await releaseMoved(platform, cause, state.placed.optionId, ref);
    return { ref, outcome: 'moved', to: state.move.to };
  }
  if (state.status === 'cancelled') return { ref, outcome: 'cancelled' };
  if ((state.status !== 'pending' && state.status !== 'confirmed') || state.start !== start) return null;
  const now = platform.clock.now();
  const { placed } = state;
  if (offeredStart !== null) {
    const product = await new CatalogReads(platform.docs).product(placed.productId);
    const option = product?.definition.options.find((o) => o.id === placed.optionId);
    if (product && option && (await takePlaces(platform, cause, product.definition, option, ref, placed.places, now))) {
      const moved = await platform.commands.handle(
        bookingStream(ref),
        bookingDecider,
        { type: 'MoveBooking', callId, from: start, to: offeredStart, reason, note, pendingHours: platform.settings.pendingHours, now },
        step(cause, `${ref}:move`, now, placed.storefrontId),
      );
      if (!isRefusal(moved)) {
        await releaseMoved(platform, cause, placed.optionId, ref);
        return { ref, outcome: 'moved', to: offeredStart };
      }
      // Cancelled meanwhile (by its traveller): the places just taken at the offered start go back.
      await platform.commands.handle(
        departureStream(option.id, offeredStart),
        departureDecider,
        { type: 'ReleasePlaces', ref, why: 'cancelled', now },
        step(cause, `${ref}:unmove`, now),
      );
      platform.log.info('a booking of a call-off was not moved', { ref, code: moved.code, detail: moved.detail });
    }
  }
  const { state: payment } = await platform.commands.load(paymentStream(ref), paymentDecider);
  const cancelled = await platform.commands.handle(
    bookingStream(ref),
    bookingDecider,
    { type: 'CancelBySeller', paid: paidAmount(payment), reason, now },
    step(cause, `${ref}:cancel`, now, placed.storefrontId),
  );
  if (isRefusal(cancelled)) {
    platform.log.error('a booking of a call-off could not be cancelled', { ref, code: cancelled.code, detail: cancelled.detail });
    return null;
  }
  return { ref, outcome: 'cancelled' };
}

/**
 * A start called off: each of its bookings, one after the other in ref order, is moved to the
 * offered start while there is room there (places held and booked under the same ref, its old
 * places released) or else cancelled by the seller with everything paid refunded (the
 * cancellation follow-ups release its places and pay the refund). Then the call is settled.
 */
export const callOffReactor = defineReactor<DepartureEvent>('call-off', {
  DepartureCalledOff: async (event, platform) => {
    const outcomes: CallOffOutcome[] = [];
    for (const ref of event.data.refs) {
      const outcome = await settleBooking(platform, event, ref);
      if (outcome) outcomes.push(outcome);
    }
    const now = platform.clock.now();
    const { callId, optionId, start } = event.data;
    const settled = await platform.commands.handle(
      departureStream(optionId, start),
      departureDecider,
      { type: 'SettleCallOff', callId, optionId, start, outcomes, now },
      step(event, 'settle', now),
    );
    if (isRefusal(settled)) {
      platform.log.error('a call-off could not be settled', { callId, code: settled.code, detail: settled.detail });
      return;
    }
    // Done means visible: the call-off answer waits for this reactor, and the bookings read next must show the outcome.
    await platform.awaitProjections(settled.position);
  },
});
