import { bookingDecider, bookingStream } from '../../../domain/booking';
import { abandonedBefore, releaseAfterSweep } from '../../../domain/booking/rules';
import { departureDecider, departureStream } from '../../../domain/departure';
import { holdDecider, holdStream } from '../../../domain/hold';
import { isRefusal } from '../../../domain/shared/refusal';
import type { Platform } from '../../platform/platform';
import type { EventMetadata } from '../../platform/ports/event-store';
import type { Job } from '../../platform/processing/job';
import { HOLDS, type HoldDoc } from '../../../projections/bookings/doc';

/** Holds settled between two turns of the event loop, so requests wait at most one batch. */
export const EXPIRY_BATCH_SIZE = 100;

type ExpiryDeps = Pick<Platform, 'commands' | 'docs' | 'clock'>;

/**
 * Gives places back to their departures: those of holds whose time is up (the calendar already
 * ignores them), and those of checkouts that booked places but stopped before placing their
 * booking and were not retried within the hour after the hold ran out. Works in batches that
 * yield to other work, and stops between two holds once `signal` aborts. Resolves to the
 * number of holds it went through.
 */
export async function expireHolds(deps: ExpiryDeps, onError: (ref: string, error: unknown) => void = () => undefined, signal?: AbortSignal): Promise<number> {
  const now = deps.clock.now();
  const holds = deps.docs.collection<HoldDoc>(HOLDS);
  const due = await holds.find({ status: 'on_hold', hold_expires_at: { $lte: now.toISOString() } });
  const stalled = await holds.find({ status: 'checked_out', hold_expires_at: { $lte: abandonedBefore(now) } });
  const sweep = [...due, ...stalled];
  let swept = 0;
  for (const hold of sweep) {
    if (swept > 0 && swept % EXPIRY_BATCH_SIZE === 0) await turnOfTheEventLoop();
    if (signal?.aborted) break;
    await settle(deps, hold, now, onError);
    swept += 1;
  }
  return swept;
}

async function settle(deps: ExpiryDeps, hold: Readonly<HoldDoc>, now: Date, onError: (ref: string, error: unknown) => void): Promise<void> {
  // One hold that cannot be settled now is tried again next time; the others go on.
  try {
    const metadata: EventMetadata = {
      correlationId: `expiry-${hold._id}`,
      causationId: `expiry-${hold._id}`,
      storefrontId: hold.storefront_id,
      at: now.toISOString(),
    };
    // The booking stream decides an abandonment: a checkout retried at the same moment either places its booking first or is refused.
    let why;
    if (hold.status === 'on_hold') {
      const expired = await deps.commands.handle(holdStream(hold._id), holdDecider, { type: 'ExpireHold', now }, metadata);
      if (isRefusal(expired)) return;
      why = releaseAfterSweep({ hold: 'on_hold', expired: expired.events.length > 0 });
    } else {
      const abandoned = await deps.commands.handle(bookingStream(hold._id), bookingDecider, { type: 'AbandonCheckout', ref: hold._id, now }, metadata);
      if (isRefusal(abandoned)) return;
      why = releaseAfterSweep({ hold: 'checked_out', booking: abandoned.state });
    }
    if (why) {
      await deps.commands.handle(departureStream(hold.option_id, hold.start), departureDecider, { type: 'ReleasePlaces', ref: hold._id, why, now }, metadata);
    }
  } catch (error) {
    onError(hold._id, error);
  }
}

/** setImmediate runs after pending I/O callbacks, so requests that arrived meanwhile go first. */
function turnOfTheEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Every minute: the places of unpaid holds already stop counting when their time is up; this records it in the log. */
export const expireHoldsJob: Job = {
  name: 'expire-holds',
  schedule: '* * * * *',
  run: async (platform, signal) => {
    await expireHolds(platform, (ref, error) => platform.log.error('hold expiry failed', { ref, error: String(error) }), signal);
  },
};
