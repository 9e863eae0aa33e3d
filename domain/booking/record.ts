import { normaliseEmail } from '../shared/email';
import type { BookingPlacedData } from './events';

/**
 * A placed booking's fields as the booking read models keep them (snake_case, the lead's email
 * normalised for look-ups, token digests only). One mapping for the projection and for answers
 * folded straight from the streams.
 */
export function bookingRecord(b: BookingPlacedData) {
  return {
    storefront_id: b.storefrontId,
    seller_id: b.sellerId,
    product_id: b.productId,
    option_id: b.optionId,
    start: b.start,
    timezone: b.timezone,
    pax: b.pax,
    trip: b.trip,
    quote: b.quote,
    policy: b.policy,
    lead_email: normaliseEmail(b.lead.email),
    booking_token_hash: b.bookingTokenHash,
    contact_token_hash: b.contactTokenHash,
    placed_at: b.placedAt,
    hold_expires_at: null,
    rejection_reason: null,
    details_needed: (b.travellers ?? []).length > 0,
  };
}
