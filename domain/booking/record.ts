import { normaliseEmail } from '../shared/email';
import type { Money } from '../shared/money';
import type { BookingPlacedData, Cancellation } from './events';

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
    trip: { title: b.trip.title, option: b.trip.option, product_id: b.trip.productId },
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

/** A cancellation as the booking read models (and the spec's booking view) keep it. */
export function cancellationRecord(c: Cancellation) {
  return { by: c.by, refund_pct: c.refundPct, refund: c.refund };
}

export interface PaymentFacts {
  method: string | null;
  status: string;
  dueAt: string | null;
  onArrival: Money | null;
  paid: Money;
  refunded: Money;
}

/** A booking's payment as the booking read models keep it. */
export function paymentRecord(p: PaymentFacts) {
  return { method: p.method, status: p.status, due_at: p.dueAt, on_arrival: p.onArrival, paid: p.paid, refunded: p.refunded };
}
