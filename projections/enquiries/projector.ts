import { defineProjector, type Write } from '../../application/platform/processing/projector';
import { normaliseEmail } from '../../domain/shared/email';
import type { EnquiryEvent } from '../../domain/enquiry';
import { ENQUIRIES, type EnquiryDoc, type OfferEntry } from './doc';

const setEnquiry = (id: string, update: Record<string, unknown>): Write => ({ collection: ENQUIRIES, updateOne: { filter: { _id: id }, update } });

/** Enquiries as their sellers list them and travellers follow their price requests, offers folded in. */
export const enquiriesProjector = defineProjector<EnquiryEvent>(
  'enquiries',
  { [ENQUIRIES]: [{ seller_id: 1 }, { storefront_id: 1 }, { email_key: 1 }, { offer_ids: 1 }] },
  {
    EnquiryReceived: (e) => {
      const d = e.data;
      const doc: EnquiryDoc = {
        _id: d.enquiryId,
        reference: d.reference,
        storefront_id: d.storefrontId,
        seller_id: d.sellerId,
        kind: d.kind,
        product_id: d.productId,
        trip_title: d.tripTitle,
        name: d.name,
        email: d.email,
        email_key: normaliseEmail(d.email),
        phone: d.phone,
        message: d.message,
        date_from: d.dateFrom,
        date_to: d.dateTo,
        travellers: d.travellers,
        special_needs: d.specialNeeds,
        interests: d.interests,
        locale: d.locale,
        received_at: d.receivedAt,
        offered: false,
        booked: false,
        offers: {},
        offer_ids: [],
      };
      return [{ collection: ENQUIRIES, replaceOne: { filter: { _id: d.enquiryId }, doc, upsert: true } }];
    },
    OfferMade: (e) => {
      const d = e.data;
      const entry: OfferEntry = {
        id: d.offerId,
        product_id: d.productId,
        option_id: d.optionId,
        option: d.option,
        start: d.start,
        timezone: d.timezone,
        selection: d.selection,
        places: d.places,
        quote: d.quote,
        valid_until: d.validUntil,
        token_hash: d.tokenHash,
        note: d.note,
        made_at: d.madeAt,
        booking_ref: null,
        booked_at: null,
        withdrawn_at: null,
      };
      return [setEnquiry(d.enquiryId, { $set: { [`offers.${d.offerId}`]: entry, offered: true }, $addToSet: { offer_ids: d.offerId } })];
    },
    OfferBooked: (e) => [
      setEnquiry(e.data.enquiryId, {
        $set: { [`offers.${e.data.offerId}.booking_ref`]: e.data.ref, [`offers.${e.data.offerId}.booked_at`]: e.data.at, booked: true },
      }),
    ],
    OfferWithdrawn: (e) => [setEnquiry(e.data.enquiryId, { $set: { [`offers.${e.data.offerId}.withdrawn_at`]: e.data.at } })],
  },
);
