import type { EnquiryKind, Travellers } from '../../domain/enquiry';
import type { SelectionBody } from '../availability';

/** POST /v1/public/enquiries (spec 2.10). */
export interface EnquiryBody {
  kind: EnquiryKind;
  product_id?: string;
  name: string;
  email: string;
  message: string;
  phone?: string;
  date_from?: string;
  date_to?: string;
  travellers?: Partial<Travellers>;
  special_needs?: string;
  interests?: string[];
  locale?: string;
  /** The hidden bot trap: people leave it empty. */
  website?: string;
}

/** The answer 202: `id` and `reference` are null when nothing was kept (the bot trap). */
export interface EnquiryReceipt {
  received: true;
  id: string | null;
  reference: string | null;
}

/** POST /v1/enquiries/{id}/offers: the group priced at a start of one of the trip's options, open until valid_until. */
export type OfferBody = Omit<SelectionBody, 'attribution'> & { valid_until: string; note?: string; unit_prices?: Record<string, number> };

/** What checkout takes in place of a hold's ref to book an offer. */
export interface OfferCheckout {
  offer_id?: string;
  offer_token?: string;
}

export interface SellerEnquiryQuery {
  status?: ('received' | 'offered' | 'booked')[];
  kind?: EnquiryKind[];
  limit: number;
  cursor?: string;
}

/** The seller a secret key acts for, and the request id its events carry (the seller interface's caller). */
export interface SellerAsking {
  sellerId: string;
  correlationId: string;
}
