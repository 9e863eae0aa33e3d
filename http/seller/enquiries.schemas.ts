/** Answers and bodies of the seller's enquiries and offers. */
import type { OfferBody } from '../../application/enquiries';
import { REFERENCE_PATTERN } from '../../domain/enquiry';
import { described, id, localStart, nStr, nTimestamp, object, orNull, page, text, timestamp } from '../kernel/answer-schema';
import { Schema, arr, describes, enumOf, int, obj, ref, str } from '../kernel/schema';
import { selectionFields } from '../public/availability.schemas';

const SellerOffer = object(
  {
    id,
    state: described(enumOf('open', 'expired', 'booked', 'withdrawn'), 'open until valid_until unless booked or withdrawn'),
    option_id: text,
    option: text,
    start: localStart,
    group: ref('OfferGroup'),
    quote: described(ref('Quote'), 'The price offered, as checkout sells it'),
    valid_until: timestamp,
    note: nStr,
    made_at: timestamp,
    booking_ref: described(nStr, 'The booking the offer became'),
    withdrawn_at: nTimestamp,
  },
  {},
  { description: "An offer answering a price request; its link token goes to the traveller's email only" },
);

const SellerEnquiry = object(
  {
    id,
    reference: str({ pattern: REFERENCE_PATTERN }),
    kind: enumOf('product', 'planner', 'contact'),
    status: described(enumOf('received', 'offered', 'booked'), 'received: no offer yet; offered: an offer was sent; booked: an offer was booked'),
    storefront_id: id,
    trip: orNull(object({ product_id: id, title: text })),
    name: text,
    email: text,
    phone: nStr,
    message: text,
    date_from: orNull(str({ format: 'date' })),
    date_to: orNull(str({ format: 'date' })),
    travellers: orNull(object({ adults: int(0), children: int(0), infants: int(0) })),
    special_needs: nStr,
    interests: arr(text),
    locale: nStr,
    received_at: timestamp,
    offers: described(arr(ref('SellerOffer')), 'Oldest first'),
  },
  {},
  { description: 'An enquiry as the seller it went to reads it' },
);

export const enquirySellerSchemas: Record<string, Schema> = { SellerOffer, SellerEnquiry, SellerEnquiryList: page(ref('SellerEnquiry')) };

// ---------------------------------------------------------------- requests

const { currency, ...selection } = selectionFields;

export const offerBody = describes<OfferBody>()(
  obj(
    {
      ...selection,
      currency,
      valid_until: str({ format: 'date-time', 'x-expected': 'a timestamp, e.g. 2026-12-01T18:00:00.000Z' }),
      note: str({ maxLength: 2000 }),
      unit_prices: {
        type: 'object',
        additionalProperties: int(0, 100_000_000),
        maxProperties: 20,
        description:
          "The seller's own price per traveller of each unit (unit id -> USD minor units, as the trip's price tiers), for this offer only: needed for an ask_for_price option, which has no price of its own; left out, the option's price tiers price the group",
      } as Schema<Record<string, number>>,
    },
    ['option_id', 'start', 'units', 'valid_until'],
  ),
);
