import { bookingDecider, bookingStream } from '../../../domain/booking';
import { departureDecider, departureStream } from '../../../domain/departure';
import { holdDecider, holdStream } from '../../../domain/hold';
import { isRefusal } from '../../../domain/shared/refusal';
import type { EventMetadata } from '../../platform/ports/event-store';
import type { BookingDeps } from '../types';

/** How long after its hold ran out a checkout that stopped half-way may still be retried before its places return. */
const ABANDONED_AFTER_MS = 60 * 60_000;

/**
 * Gives places back to their departures: those of holds whose time is up (the calendar already
 * ignores them), and those of checkouts that booked places but stopped before placing their
 * booking and were not retried within the hour after the hold ran out.
 */
export async function expireHolds(deps: BookingDeps, onError: (ref: string, error: unknown) => void = () => undefined): Promise<number> {
  const now = deps.clock.now();
  const holds = deps.docs.collection('holds');
  const due = await holds.find({ status: 'on_hold', hold_expires_at: { $lte: now.toISOString() } });
  const stalled = await holds.find({ status: 'checked_out', hold_expires_at: { $lte: new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString() } });
  for (const hold of [...due, ...stalled]) {
    // One hold that cannot be settled now is tried again next time; the others go on.
    try {
      const metadata: EventMetadata = { correlationId: `expiry-${hold._id}`, causationId: `expiry-${hold._id}`, storefrontId: hold.storefront_id, at: now.toISOString() };
      // The booking stream decides an abandonment: a checkout retried at the same moment either places its booking first or is refused.
      const settled = hold.status === 'on_hold'
        ? await deps.commands.handle(holdStream(hold._id), holdDecider, { type: 'ExpireHold', now }, metadata)
        : await deps.commands.handle(bookingStream(hold._id), bookingDecider, { type: 'AbandonCheckout', ref: hold._id, now }, metadata);
      if (isRefusal(settled)) continue;
      // An abandonment is released until its places are back (the hold leaves the sweep only then), so a failure half-way is retried.
      const release = hold.status === 'on_hold'
        ? settled.events.length > 0
        : settled.state.status === 'none' && 'abandoned' in settled.state && settled.state.abandoned;
      if (release) {
        const why = hold.status === 'on_hold' ? 'expired' : 'abandoned';
        await deps.commands.handle(departureStream(hold.option_id, hold.start), departureDecider, { type: 'ReleasePlaces', ref: hold._id, why, now }, metadata);
      }
    } catch (error) {
      onError(hold._id, error);
    }
  }
  return due.length + stalled.length;
}
