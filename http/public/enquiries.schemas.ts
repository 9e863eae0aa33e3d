/** Answers and bodies of enquiries (2.10, 4.7), offers and a traveller's price requests (4.6). */
import type { EnquiryBody } from '../../application/enquiries';
import { REFERENCE_PATTERN } from '../../domain/enquiry';
import { described, id, localStart, nStr, object, orNull, text, timestamp } from '../kernel/answer-schema';
import { date, locale, uuid } from '../kernel/params';
import { Schema, arr, describes, enumOf, int, num, obj, ref, str } from '../kernel/schema';

const reference = str({ pattern: REFERENCE_PATTERN, description: 'Enquiry reference EQ-XXXXX' });
const offerState = described(
  enumOf('open', 'expired', 'booked', 'withdrawn'),
  'open: bookable through checkout until valid_until; expired: valid_until passed; booked: checked out (once); withdrawn: the seller took it back',
);
const enquiryStatus = described(
  enumOf('received', 'offered', 'booked'),
  'received: no offer yet; offered: the seller sent a price; booked: an offer was booked',
);

const EnquiryReceipt = object(
  { received: { const: true }, id: orNull(id), reference: orNull(reference) },
  {},
  { description: 'The enquiry was received. id and reference are null when nothing was kept' },
);

const OfferGroup = object(
  {
    pax: int(0),
    units: arr(object({ unit_id: text, qty: int(0) }, { ages: arr(int(0)) })),
    extras: arr(object({ extra_id: text, qty: int(0) })),
    rooms: arr(object({ room_type_id: text, qty: int(0) }, { beds: text })),
    pickup: orNull(object({}, { place_id: text, lat: num(), lng: num() })),
  },
  {},
  { description: 'The group the offer prices: travellers by unit, with the extras, rooms and pickup the seller chose' },
);

const Offer = object(
  {
    id,
    reference: described(reference, 'The reference of the enquiry the offer answers'),
    state: offerState,
    trip: object({ product_id: id, title: text, option_id: text, option: text }),
    start: localStart,
    group: ref('OfferGroup'),
    quote: described(ref('Quote'), 'The price offered, kept as it was made: checkout books exactly this, confirmed'),
    valid_until: timestamp,
    note: described(nStr, "The seller's words to the traveller, or null"),
  },
  {},
  { description: "A seller's price for a traveller's request, as its link opens it" },
);

const PriceRequest = object(
  {
    reference,
    status: enquiryStatus,
    trip: object({ product_id: id, title: text }),
    seller: orNull(object({ slug: text, name: text })),
    dates: object({ from: orNull(str({ format: 'date' })), to: orNull(str({ format: 'date' })) }),
    group: object({ adults: int(0), children: int(0), infants: int(0) }),
    received_at: timestamp,
    offer: orNull(
      object({
        id,
        state: offerState,
        token: described(
          nStr,
          "The offer's link token (as the emailed link carries it); null when it can no longer be given here, the emailed link still works",
        ),
        valid_until: timestamp,
      }),
    ),
  },
  {},
  { description: 'A price request: never its message or phone' },
);

const PriceRequestList = object({ data: arr(ref('PriceRequest')) }, {}, { description: 'Up to 50, newest first' });

export const enquiriesSchemas: Record<string, Schema> = { EnquiryReceipt, OfferGroup, Offer, PriceRequest, PriceRequestList };

// ---------------------------------------------------------------- requests

const words = (maxLength: number) => str({ maxLength, pattern: '\\S', 'x-expected': `text of 1 to ${maxLength} characters, not only blanks` });

export const enquiryBody = describes<EnquiryBody>()(
  obj(
    {
      kind: enumOf('product', 'planner', 'contact'),
      product_id: uuid,
      name: words(200),
      email: str({ format: 'email', maxLength: 320, 'x-expected': 'an email address, e.g. ana@example.com' }),
      message: words(5000),
      phone: str({ pattern: '^(\\+[1-9][0-9 ()-]{5,24})?$', 'x-expected': 'a phone number with its country code, e.g. +351 912 345 678' }),
      date_from: date,
      date_to: date,
      travellers: obj({ adults: int(0, 50), children: int(0, 50), infants: int(0, 50) }),
      special_needs: str({ maxLength: 2000 }),
      interests: arr(words(100), { maxItems: 20, uniqueItems: true }),
      locale,
      website: str({ maxLength: 2000 }),
    },
    ['kind', 'name', 'email', 'message'],
  ),
);
