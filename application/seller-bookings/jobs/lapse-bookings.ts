import { bookingDecider, bookingStream } from '../../../domain/booking';
import { isRefusal } from '../../../domain/shared/refusal';
import { BOOKINGS, type BookingDoc } from '../../../projections/bookings/doc';
import type { Platform } from '../../platform/platform';
import type { Job } from '../../platform/processing/job';

/** Bookings lapsed between two turns of the event loop, so requests wait at most one batch. */
export const LAPSE_BATCH_SIZE = 100;

type LapseDeps = Pick<Platform, 'commands' | 'docs' | 'clock'>;

/**
 * Lapses the pending bookings whose pending_expires_at has passed (no answer from the seller, or
 * no money by its due date). The booking decides: one confirmed, declined or paid meanwhile is left
 * as it is. What follows (places back, refund, mail) is done by reactors. Resolves to the number lapsed.
 */
export async function lapseBookings(deps: LapseDeps, onError: (ref: string, error: unknown) => void = () => undefined, signal?: AbortSignal): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.docs.collection<BookingDoc>(BOOKINGS).find({ status: 'pending', pending_expires_at: { $lte: now.toISOString() } });
  let lapsed = 0;
  for (const [i, booking] of due.entries()) {
    if (i > 0 && i % LAPSE_BATCH_SIZE === 0) await new Promise((resolve) => setImmediate(resolve));
    if (signal?.aborted) break;
    try {
      const metadata = {
        correlationId: `lapse-${booking._id}`,
        causationId: `lapse-${booking._id}`,
        storefrontId: booking.storefront_id,
        at: now.toISOString(),
      };
      const done = await deps.commands.handle(bookingStream(booking._id), bookingDecider, { type: 'LapseBooking', now }, metadata);
      if (!isRefusal(done) && done.events.length > 0) lapsed += 1;
    } catch (error) {
      // One booking that cannot be lapsed now is tried again next time; the others go on.
      onError(booking._id, error);
    }
  }
  return lapsed;
}

/** Every minute: pending bookings whose time is up lapse, and their places return to sale. */
export const lapseBookingsJob: Job = {
  name: 'lapse-bookings',
  schedule: '* * * * *',
  run: async (platform, signal) => {
    await lapseBookings(platform, (ref, error) => platform.log.error('booking lapse failed', { ref, error: String(error) }), signal);
  },
};
