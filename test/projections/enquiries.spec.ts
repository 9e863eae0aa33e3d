import { expect } from 'chai';
import { enquiriesProjector } from '../../projections/enquiries/projector';
import { type EnquiryEvent, enquiryStream } from '../../domain/enquiry';
import { soldQuote } from '../domain/fixtures';
import { Given, project } from './project';

const AT = '2026-05-01T10:00:00.000Z';
const enquiry = (event: EnquiryEvent): Given => ({ ...event, stream: enquiryStream('EQ-ABCDE') });

const received = enquiry({
  type: 'EnquiryReceived',
  data: {
    enquiryId: 'enq-1',
    reference: 'EQ-ABCDE',
    storefrontId: 'sf-1',
    sellerId: 'seller-1',
    kind: 'product',
    productId: 'prod-1',
    tripTitle: 'Lisbon walk',
    name: 'Ana Lima',
    email: ' Ana@Example.com',
    phone: '+351 912 345 678',
    message: 'Can we come as six?',
    dateFrom: '2026-06-10',
    dateTo: null,
    travellers: { adults: 4, children: 2, infants: 0 },
    specialNeeds: 'a wheelchair',
    interests: ['food'],
    locale: 'pt',
    receivedAt: AT,
  },
});
const selection = { units: [{ unit_id: 'adult', qty: 2 }], extras: [], rooms: [], pickup: null };
const made = enquiry({
  type: 'OfferMade',
  data: {
    enquiryId: 'enq-1',
    offerId: 'offer-1',
    productId: 'prod-1',
    optionId: 'opt-1',
    option: 'Shared',
    start: '2026-06-10T09:00',
    timezone: 'Europe/Lisbon',
    selection,
    places: 2,
    quote: soldQuote(10000),
    validUntil: '2026-05-03T10:00:00.000Z',
    tokenHash: 'digest',
    note: 'See you there',
    madeAt: AT,
  },
});
const booked = enquiry({ type: 'OfferBooked', data: { enquiryId: 'enq-1', offerId: 'offer-1', ref: 'TP-AAAA-AAAA', at: AT } });
const withdrawn = enquiry({ type: 'OfferWithdrawn', data: { enquiryId: 'enq-1', offerId: 'offer-1', at: AT } });

describe('enquiries projector', () => {
  it('keeps a received enquiry with its email as bookings match it, no offer yet', async () => {
    const projected = await project(enquiriesProjector, [received]);
    expect(await projected.docs('enquiries')).to.deep.equal([
      {
        _id: 'enq-1',
        reference: 'EQ-ABCDE',
        storefront_id: 'sf-1',
        seller_id: 'seller-1',
        kind: 'product',
        product_id: 'prod-1',
        trip_title: 'Lisbon walk',
        name: 'Ana Lima',
        email: ' Ana@Example.com',
        email_key: 'ana@example.com',
        phone: '+351 912 345 678',
        message: 'Can we come as six?',
        date_from: '2026-06-10',
        date_to: null,
        travellers: { adults: 4, children: 2, infants: 0 },
        special_needs: 'a wheelchair',
        interests: ['food'],
        locale: 'pt',
        received_at: AT,
        offered: false,
        booked: false,
        offers: {},
        offer_ids: [],
      },
    ]);
  });

  it('folds in an offer, then its booking', async () => {
    const offered = await (await project(enquiriesProjector, [received, made])).doc('enquiries', 'enq-1');
    expect(offered).to.deep.include({ offered: true, booked: false, offer_ids: ['offer-1'] });
    expect(offered?.offers).to.deep.equal({
      'offer-1': {
        id: 'offer-1',
        product_id: 'prod-1',
        option_id: 'opt-1',
        option: 'Shared',
        start: '2026-06-10T09:00',
        timezone: 'Europe/Lisbon',
        selection,
        places: 2,
        quote: soldQuote(10000),
        valid_until: '2026-05-03T10:00:00.000Z',
        token_hash: 'digest',
        note: 'See you there',
        made_at: AT,
        booking_ref: null,
        booked_at: null,
        withdrawn_at: null,
      },
    });
    const bookedDoc = await (await project(enquiriesProjector, [received, made, booked])).doc('enquiries', 'enq-1');
    expect(bookedDoc).to.deep.include({ offered: true, booked: true });
    expect(bookedDoc?.offers).to.have.nested.property('offer-1.booking_ref', 'TP-AAAA-AAAA');
    expect(bookedDoc?.offers).to.have.nested.property('offer-1.booked_at', AT);
  });

  it('marks a withdrawn offer', async () => {
    const doc = await (await project(enquiriesProjector, [received, made, withdrawn])).doc('enquiries', 'enq-1');
    expect(doc?.offers).to.have.nested.property('offer-1.withdrawn_at', AT);
    expect(doc).to.deep.include({ offered: true, booked: false });
  });
});
