import type { Event } from '../shared/decider';
import type { Quote, Selection } from '../pricing/quote';

/** Spec 2.10: a question about one trip, a trip planner's request, or a message through the contact form. */
export type EnquiryKind = 'product' | 'planner' | 'contact';
export const ENQUIRY_KINDS: readonly EnquiryKind[] = ['product', 'planner', 'contact'];

export interface Travellers {
  adults: number;
  children: number;
  infants: number;
}

export interface EnquiryReceivedData {
  enquiryId: string;
  reference: string;
  storefrontId: string;
  /** Who answers: the trip's seller, else the storefront's operator; null on a marketplace without one. */
  sellerId: string | null;
  kind: EnquiryKind;
  productId: string | null;
  /** The trip's title as the storefront showed it when asked. */
  tripTitle: string | null;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  dateFrom: string | null;
  dateTo: string | null;
  travellers: Travellers | null;
  specialNeeds: string | null;
  interests: string[];
  locale: string | null;
  receivedAt: string;
}

export interface OfferMadeData {
  enquiryId: string;
  offerId: string;
  productId: string;
  optionId: string;
  /** The option's name when the offer was made. */
  option: string;
  start: string;
  timezone: string;
  selection: Selection;
  /** Places the group takes at the departure. */
  places: number;
  /** The quote the offer was priced at; booking the offer sells exactly this. */
  quote: Quote;
  validUntil: string;
  /** Digest of the offer's link token; the token itself is never kept. */
  tokenHash: string;
  note: string | null;
  madeAt: string;
}

export type EnquiryReceived = Event<'EnquiryReceived', EnquiryReceivedData>;
export type OfferMade = Event<'OfferMade', OfferMadeData>;
export type OfferBooked = Event<'OfferBooked', { enquiryId: string; offerId: string; ref: string; at: string }>;
export type OfferWithdrawn = Event<'OfferWithdrawn', { enquiryId: string; offerId: string; at: string }>;

export type EnquiryEvent = EnquiryReceived | OfferMade | OfferBooked | OfferWithdrawn;

export interface OfferRecord {
  made: OfferMadeData;
  /** The booking the offer became. */
  bookedRef: string | null;
  withdrawnAt: string | null;
}

export type Enquiry = { status: 'none' } | { status: 'received'; received: EnquiryReceivedData; offers: Record<string, OfferRecord> };

export const initialEnquiry = (): Enquiry => ({ status: 'none' });

export function evolveEnquiry(state: Enquiry, event: EnquiryEvent): Enquiry {
  if (event.type === 'EnquiryReceived') return { status: 'received', received: event.data, offers: {} };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'OfferMade':
      return { ...state, offers: { ...state.offers, [event.data.offerId]: { made: event.data, bookedRef: null, withdrawnAt: null } } };
    case 'OfferBooked':
      return withOffer(state, event.data.offerId, { bookedRef: event.data.ref });
    case 'OfferWithdrawn':
      return withOffer(state, event.data.offerId, { withdrawnAt: event.data.at });
  }
}

function withOffer(state: Extract<Enquiry, { status: 'received' }>, offerId: string, change: Partial<OfferRecord>): Enquiry {
  const offer = state.offers[offerId];
  return offer ? { ...state, offers: { ...state.offers, [offerId]: { ...offer, ...change } } } : state;
}

/** How an offer stands at `now` (booked and withdrawn are for good; an open offer expires at valid_until). */
export type OfferState = 'open' | 'expired' | 'booked' | 'withdrawn';

export function offerStateAt(offer: Pick<OfferRecord, 'bookedRef' | 'withdrawnAt'> & { made: Pick<OfferMadeData, 'validUntil'> }, now: Date): OfferState {
  if (offer.bookedRef) return 'booked';
  if (offer.withdrawnAt) return 'withdrawn';
  return Date.parse(offer.made.validUntil) > now.getTime() ? 'open' : 'expired';
}

/** How an enquiry stands for its seller: no offer yet, an offer sent, or an offer booked. */
export type EnquiryStatus = 'received' | 'offered' | 'booked';
