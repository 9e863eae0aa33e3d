import type { Doc } from '../../application/platform/ports/document-store';
import type { Money } from '../../domain/shared/money';
import type { Quote } from '../../domain/pricing/quote';
import type { BookingStatus } from '../../domain/booking';
import type { TravellerDetailsRule } from '../../domain/catalog/definitions';

/** The bookings read model's collections: holds as they stand, and bookings with their payment folded in. */
export const HOLDS = 'holds';
export const BOOKINGS = 'bookings';

/** A hold as the expiry sweep reads it (the hold page reads the hold's stream; its quote stays there). */
export interface HoldDoc extends Doc {
  storefront_id: string;
  seller_id: string;
  product_id: string;
  option_id: string;
  start: string;
  places: number;
  hold_expires_at: string;
  placed_at: string;
  status: 'on_hold' | 'checked_out' | 'expired' | 'abandoned' | 'booked';
}

export interface BookingDoc extends Doc {
  storefront_id: string;
  seller_id: string;
  product_id: string;
  option_id: string;
  start: string;
  pax: number;
  trip: { title: string; option: string; product_id: string };
  quote: Quote;
  lead_email: string;
  booking_token_hash: string;
  contact_token_hash: string;
  status: 'placed' | BookingStatus;
  hold_expires_at: string | null;
  pending_expires_at: string | null;
  cancellation: { by: 'traveller' | 'seller'; refund_pct: number; refund: Money } | null;
  rejection_reason: string | null;
  /** seller_unavailable: declined because the seller left the marketplace; null otherwise. Absent on documents projected before it existed. */
  reject_code?: 'seller_unavailable' | null;
  /** The seller called off the start the booking was for and moved it to `to` (now its `start`); absent otherwise. */
  move?: { call_id: string; from: string; to: string; reason: string; note: string | null; at: string };
  /** The option collects traveller details at checkout (they were given then). */
  details_needed?: boolean;
  /** The trip's zone, which `start` is local to. */
  timezone?: string;
  /** The option's traveller_details rule as sold; null or absent on bookings placed before it was kept. */
  details_rule?: TravellerDetailsRule | null;
  /** Positions (1 = lead) whose details were given after booking (the traveller-details stream). */
  details_given?: Record<string, true>;
  payment?: {
    method: string | null;
    status: string;
    due_at: string | null;
    on_arrival: Money | null;
    paid: Money;
    refunded: Money;
    /** What is due in all; the account to pay into (bank_transfer); the latest receipt sent. Absent on payments projected before they were kept. */
    due?: Money | null;
    bank?: { account_name: string; iban: string; bic: string; bank_name: string } | null;
    receipt?: { received_at: string; content_type: string; size: number } | null;
    /** The last link to pay the seller sent (payment_link); absent before one was sent. */
    link?: { url: string; sent_at: string } | null;
  };
}
