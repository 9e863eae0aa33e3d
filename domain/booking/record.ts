import { normaliseEmail } from '../shared/email';
import type { Money } from '../shared/money';
import type { BankAccount, Receipt, SentLink } from '../payment/events';
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
    reject_code: null,
    details_needed: (b.travellers ?? []).length > 0,
    // Kept only where the booking was placed with its rule: documents of older bookings stay as they were.
    ...(b.detailsRule ? { details_rule: b.detailsRule } : {}),
  };
}

/** A cancellation as the booking read models (and the spec's booking view) keep it. */
export function cancellationRecord(c: Pick<Cancellation, 'by' | 'refundPct' | 'refund'>) {
  return { by: c.by, refund_pct: c.refundPct, refund: c.refund };
}

export interface PaymentFacts {
  method: string | null;
  status: string;
  dueAt: string | null;
  onArrival: Money | null;
  paid: Money;
  refunded: Money;
  due?: Money;
  bank?: BankAccount | null;
  receipts?: readonly Receipt[];
  link?: SentLink | null;
}

/** The latest proof of payment the traveller sent, as the booking view shows it. */
export function receiptRecord(r: Pick<Receipt, 'contentType' | 'size' | 'at'>) {
  return { received_at: r.at, content_type: r.contentType, size: r.size };
}

/** The last link to pay the seller sent, as the booking read models keep it. */
export function linkRecord(l: SentLink) {
  return { url: l.url, sent_at: l.sentAt };
}

/** A booking's payment as the booking read models keep it. */
export function paymentRecord(p: PaymentFacts) {
  const receipt = p.receipts?.at(-1);
  return {
    method: p.method,
    status: p.status,
    due_at: p.dueAt,
    on_arrival: p.onArrival,
    paid: p.paid,
    refunded: p.refunded,
    // Kept only when there is one, so payments arranged before these were recorded read as they did.
    ...(p.due ? { due: p.due } : {}),
    ...(p.bank ? { bank: p.bank } : {}),
    ...(receipt ? { receipt: receiptRecord(receipt) } : {}),
    ...(p.link ? { link: linkRecord(p.link) } : {}),
  };
}
