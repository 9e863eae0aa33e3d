import type { Doc } from '../../application/platform/ports/document-store';
import type { EnquiryKind, Travellers } from '../../domain/enquiry';
import type { Quote, Selection } from '../../domain/pricing/quote';

/** The enquiries read model: one document per enquiry, its offers folded in. */
export const ENQUIRIES = 'enquiries';

export interface OfferEntry {
  id: string;
  product_id: string;
  option_id: string;
  option: string;
  start: string;
  timezone: string;
  selection: Selection;
  places: number;
  quote: Quote;
  valid_until: string;
  /** Digest of the offer's link token: what opens the offer's page and books it. */
  token_hash: string;
  note: string | null;
  made_at: string;
  booking_ref: string | null;
  booked_at: string | null;
  withdrawn_at: string | null;
}

export interface EnquiryDoc extends Doc {
  reference: string;
  storefront_id: string;
  seller_id: string | null;
  kind: EnquiryKind;
  product_id: string | null;
  trip_title: string | null;
  name: string;
  email: string;
  /** The email as bookings match it (any case, no surrounding blanks). */
  email_key: string;
  phone: string | null;
  message: string;
  date_from: string | null;
  date_to: string | null;
  travellers: Travellers | null;
  special_needs: string | null;
  interests: string[];
  locale: string | null;
  received_at: string;
  /** At least one offer was sent; at least one was booked. */
  offered: boolean;
  booked: boolean;
  /** Offers by id, and their ids in the order made (the last is the newest). */
  offers: Record<string, OfferEntry>;
  offer_ids: string[];
}
