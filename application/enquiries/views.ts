import { offerStateAt, type EnquiryKind, type EnquiryStatus, type OfferState, type Travellers } from '../../domain/enquiry';
import type { Quote } from '../../domain/pricing/quote';
import type { EnquiryDoc, OfferEntry } from '../../projections/enquiries/queries';

/** How an enquiry stands: no offer yet, an offer sent, or an offer booked. */
export function enquiryStatus(doc: Readonly<EnquiryDoc>): EnquiryStatus {
  if (doc.booked) return 'booked';
  return doc.offered ? 'offered' : 'received';
}

export const offerState = (entry: Readonly<OfferEntry>, now: Date): OfferState =>
  offerStateAt({ bookedRef: entry.booking_ref, withdrawnAt: entry.withdrawn_at, made: { validUntil: entry.valid_until } }, now);

/** The group an offer prices: its travellers by unit, with extras, rooms and pickup as the seller chose them. */
export interface OfferGroup {
  pax: number;
  units: { unit_id: string; qty: number; ages?: number[] }[];
  extras: { extra_id: string; qty: number }[];
  rooms: { room_type_id: string; qty: number; beds?: string }[];
  pickup: { place_id?: string; lat?: number; lng?: number } | null;
}

const groupOf = (entry: Readonly<OfferEntry>): OfferGroup => ({ pax: entry.quote.pax, ...entry.selection });

/** An offer as its seller follows it. */
export interface SellerOfferView {
  id: string;
  state: OfferState;
  option_id: string;
  option: string;
  start: string;
  group: OfferGroup;
  quote: Quote;
  valid_until: string;
  note: string | null;
  made_at: string;
  booking_ref: string | null;
  withdrawn_at: string | null;
}

export function sellerOfferView(entry: Readonly<OfferEntry>, now: Date): SellerOfferView {
  return {
    id: entry.id,
    state: offerState(entry, now),
    option_id: entry.option_id,
    option: entry.option,
    start: entry.start,
    group: groupOf(entry),
    quote: entry.quote,
    valid_until: entry.valid_until,
    note: entry.note,
    made_at: entry.made_at,
    booking_ref: entry.booking_ref,
    withdrawn_at: entry.withdrawn_at,
  };
}

/** An enquiry as the seller it went to reads it: everything the traveller sent, and the offers made since (oldest first). */
export interface SellerEnquiryView {
  id: string;
  reference: string;
  kind: EnquiryKind;
  status: EnquiryStatus;
  storefront_id: string;
  trip: { product_id: string; title: string } | null;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  date_from: string | null;
  date_to: string | null;
  travellers: Travellers | null;
  special_needs: string | null;
  interests: string[];
  locale: string | null;
  received_at: string;
  offers: SellerOfferView[];
}

export function sellerEnquiryView(doc: Readonly<EnquiryDoc>, now: Date): SellerEnquiryView {
  return {
    id: doc._id,
    reference: doc.reference,
    kind: doc.kind,
    status: enquiryStatus(doc),
    storefront_id: doc.storefront_id,
    trip: doc.product_id ? { product_id: doc.product_id, title: doc.trip_title ?? '' } : null,
    name: doc.name,
    email: doc.email,
    phone: doc.phone,
    message: doc.message,
    date_from: doc.date_from,
    date_to: doc.date_to,
    travellers: doc.travellers,
    special_needs: doc.special_needs,
    interests: doc.interests,
    locale: doc.locale,
    received_at: doc.received_at,
    offers: doc.offer_ids.map((id) => sellerOfferView(doc.offers[id], now)),
  };
}

/** An offer as the traveller's link opens it (GET /v1/public/offers/{id}). */
export interface OfferView {
  id: string;
  reference: string;
  state: OfferState;
  trip: { product_id: string; title: string; option_id: string; option: string };
  start: string;
  group: OfferGroup;
  quote: Quote;
  valid_until: string;
  note: string | null;
}

export function offerView(doc: Readonly<EnquiryDoc>, entry: Readonly<OfferEntry>, now: Date): OfferView {
  return {
    id: entry.id,
    reference: doc.reference,
    state: offerState(entry, now),
    trip: { product_id: entry.product_id, title: doc.trip_title ?? '', option_id: entry.option_id, option: entry.option },
    start: entry.start,
    group: groupOf(entry),
    quote: entry.quote,
    valid_until: entry.valid_until,
    note: entry.note,
  };
}

/** One of a traveller's price requests (spec 4.6): never its message or phone. */
export interface PriceRequestView {
  reference: string;
  status: EnquiryStatus;
  trip: { product_id: string; title: string };
  seller: { slug: string; name: string } | null;
  dates: { from: string | null; to: string | null };
  group: Travellers;
  received_at: string;
  /** The newest offer, once the seller sent a price; token is null when the link can no longer be minted (see links.ts). */
  offer: { id: string; state: OfferState; token: string | null; valid_until: string } | null;
}
