import { bookingDecider, bookingStream } from '../../../domain/booking';
import { isRefusal } from '../../../domain/shared/refusal';
import type { StorefrontEvent } from '../../../domain/storefront';
import { BOOKINGS, type BookingDoc } from '../../../projections/bookings/doc';
import { defineReactor } from '../../platform/processing/reactor';

const REASON = 'The seller no longer sells on this site, so this request cannot go ahead.';

/**
 * A seller that left a marketplace answers no more requests there: each of its bookings on that
 * site still waiting (pending) is declined with code seller_unavailable. What a decline brings
 * (places back, refund, the traveller's mail) follows from the booking's own reactors. Each
 * decline is keyed by the leave event and the ref, so running this again declines nothing twice.
 */
export const departedSellerRequestsReactor = defineReactor<StorefrontEvent>('departed-seller-requests', {
  SellerLeftMarketplace: async (event, platform) => {
    const { storefrontId, sellerId } = event.data;
    await platform.awaitProjections(event.position);
    const waiting = await platform.docs
      .collection<BookingDoc>(BOOKINGS)
      .find({ storefront_id: storefrontId, seller_id: sellerId, status: 'pending' }, { projection: { _id: 1 } });
    const now = platform.clock.now();
    for (const { _id: ref } of waiting) {
      const done = await platform.commands.handle(
        bookingStream(ref),
        bookingDecider,
        { type: 'RejectBooking', reason: REASON, code: 'seller_unavailable', now },
        {
          correlationId: event.metadata.correlationId,
          causationId: event.id,
          storefrontId,
          at: now.toISOString(),
          commandId: `${event.id}:decline:${ref}`,
        },
      );
      // A booking answered meanwhile (confirmed, cancelled) is not declined: its refusal is the expected outcome.
      if (isRefusal(done) && done.code !== 'Conflict') platform.log.error('a request of a seller that left was not declined', { ref, code: done.code });
    }
  },
});
