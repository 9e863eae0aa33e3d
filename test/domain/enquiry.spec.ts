import { expect } from 'chai';
import {
  ENQUIRIES_PER_HOUR,
  EnquiryEvent,
  EnquiryReceivedData,
  LAST_ZONE,
  OfferMadeData,
  REFERENCE_ALPHABET,
  enquiryDecider,
  enquiryProblems,
  enquiryReference,
  offerStateAt,
  offeredQuote,
  senderLimitDecider,
  todayIn,
} from '../../domain/enquiry';
import { at, plusMinutes, soldQuote } from './fixtures';
import { given } from './given-when-then';

const NOW = at('2026-05-01T10:00:00.000Z');
const VALID_UNTIL = '2026-05-03T10:00:00.000Z';
const CUTOFF = '2026-06-10T07:00:00.000Z';

const received = (overrides: Partial<EnquiryReceivedData> = {}): EnquiryReceivedData => ({
  enquiryId: 'enq-1',
  reference: 'EQ-ABCDE',
  storefrontId: 'sf-1',
  sellerId: 'seller-1',
  kind: 'product',
  productId: 'prod-1',
  tripTitle: 'Lisbon walk',
  name: 'Ana Lima',
  email: 'ana@example.com',
  phone: null,
  message: 'Can we come as six?',
  dateFrom: '2026-06-10',
  dateTo: '2026-06-12',
  travellers: { adults: 4, children: 2, infants: 0 },
  specialNeeds: null,
  interests: [],
  locale: 'en',
  receivedAt: NOW.toISOString(),
  ...overrides,
});

const offer = (overrides: Partial<OfferMadeData> = {}): OfferMadeData => ({
  enquiryId: 'enq-1',
  offerId: 'offer-1',
  productId: 'prod-1',
  optionId: 'opt-1',
  option: 'Shared',
  start: '2026-06-10T09:00',
  timezone: 'Europe/Lisbon',
  selection: { units: [{ unit_id: 'adult', qty: 2 }], extras: [], rooms: [], pickup: null },
  places: 2,
  quote: soldQuote(10000),
  validUntil: VALID_UNTIL,
  tokenHash: 'hash-of-token',
  note: null,
  madeAt: NOW.toISOString(),
  ...overrides,
});

const receivedEvent = (overrides: Partial<EnquiryReceivedData> = {}): EnquiryEvent => ({ type: 'EnquiryReceived', data: received(overrides) });
const madeEvent = (overrides: Partial<OfferMadeData> = {}): EnquiryEvent => ({ type: 'OfferMade', data: offer(overrides) });
const bookedEvent = (ref: string): EnquiryEvent => ({ type: 'OfferBooked', data: { enquiryId: 'enq-1', offerId: 'offer-1', ref, at: NOW.toISOString() } });
const withdrawnEvent: EnquiryEvent = { type: 'OfferWithdrawn', data: { enquiryId: 'enq-1', offerId: 'offer-1', at: NOW.toISOString() } };

const makeOffer = (overrides: Partial<OfferMadeData> = {}, sellerId = 'seller-1') =>
  ({ type: 'MakeOffer', sellerId, offer: offer(overrides), cutoffAt: CUTOFF, now: NOW }) as const;

describe('enquiry decider', () => {
  describe('ReceiveEnquiry', () => {
    it('keeps a new enquiry under its reference', () => {
      given(enquiryDecider).when({ type: 'ReceiveEnquiry', enquiry: received() }).then([receivedEvent()]);
    });

    it('refuses a reference drawn twice, so another is drawn (the stream keeps references unique)', () => {
      given(enquiryDecider, [receivedEvent()])
        .when({ type: 'ReceiveEnquiry', enquiry: received({ enquiryId: 'enq-2' }) })
        .thenRefused('Conflict', { reason: 'reference_taken' });
    });
  });

  describe('MakeOffer', () => {
    it('records the offer for the seller the enquiry went to', () => {
      given(enquiryDecider, [receivedEvent()]).when(makeOffer()).then([madeEvent()]);
    });

    it('is 404 enquiry for another seller, as for an enquiry that does not exist', () => {
      given(enquiryDecider, [receivedEvent()]).when(makeOffer({}, 'seller-2')).thenRefused('NotFound', { entity: 'enquiry' });
      given(enquiryDecider).when(makeOffer()).thenRefused('NotFound', { entity: 'enquiry' });
    });

    it('is a Conflict not_a_price_request for a planner or contact enquiry', () => {
      given(enquiryDecider, [receivedEvent({ kind: 'planner', productId: null, tripTitle: null })])
        .when(makeOffer())
        .thenRefused('Conflict', { reason: 'not_a_price_request' });
    });

    it("refuses an option of another trip than the enquiry's", () => {
      const refusal = given(enquiryDecider, [receivedEvent()])
        .when(makeOffer({ productId: 'prod-2' }))
        .thenRefused('InvalidInput');
      expect(refusal.fields.problems).to.deep.equal([
        { reason: 'not_of_the_trip', field: 'option_id', detail: 'option_id must be an option of the trip the enquiry is about' },
      ]);
    });

    it('refuses a valid_until that has passed, or that is after the start stops taking bookings', () => {
      const past = given(enquiryDecider, [receivedEvent()])
        .when(makeOffer({ validUntil: NOW.toISOString() }))
        .thenRefused('InvalidInput');
      expect((past.fields.problems as { field: string }[])[0].field).to.equal('valid_until');
      const late = given(enquiryDecider, [receivedEvent()])
        .when(makeOffer({ validUntil: '2026-06-10T07:00:00.001Z' }))
        .thenRefused('InvalidInput');
      expect(late.fields.problems).to.deep.include({
        reason: 'after_cutoff',
        field: 'valid_until',
        detail: `valid_until must not be after the start's booking cutoff (${CUTOFF})`,
        details: { given: '2026-06-10T07:00:00.001Z', cutoff_at: CUTOFF },
      });
      given(enquiryDecider, [receivedEvent()])
        .when(makeOffer({ validUntil: CUTOFF }))
        .then([madeEvent({ validUntil: CUTOFF })]);
    });

    it('appends nothing for the same offer again', () => {
      given(enquiryDecider, [receivedEvent(), madeEvent()]).when(makeOffer()).thenNothing();
    });
  });

  describe('BookOffer', () => {
    const book = (ref: string, now = NOW) => ({ type: 'BookOffer', offerId: 'offer-1', ref, now }) as const;

    it('books an open offer once', () => {
      given(enquiryDecider, [receivedEvent(), madeEvent()])
        .when(book('TP-AAAA-AAAA'))
        .then([bookedEvent('TP-AAAA-AAAA')]);
    });

    it('appends nothing for the same booking again, even after valid_until', () => {
      given(enquiryDecider, [receivedEvent(), madeEvent(), bookedEvent('TP-AAAA-AAAA')])
        .when(book('TP-AAAA-AAAA', at('2026-05-09T00:00:00.000Z')))
        .thenNothing();
    });

    it('answers how the offer stands otherwise: offer_booked, offer_expired, offer_withdrawn', () => {
      given(enquiryDecider, [receivedEvent(), madeEvent(), bookedEvent('TP-AAAA-AAAA')])
        .when(book('TP-BBBB-BBBB'))
        .thenRefused('Conflict', { reason: 'offer_booked', details: { offer_id: 'offer-1', state: 'booked' } });
      given(enquiryDecider, [receivedEvent(), madeEvent()])
        .when(book('TP-AAAA-AAAA', at(VALID_UNTIL)))
        .thenRefused('Conflict', { reason: 'offer_expired', details: { offer_id: 'offer-1', state: 'expired' } });
      given(enquiryDecider, [receivedEvent(), madeEvent(), withdrawnEvent])
        .when(book('TP-AAAA-AAAA'))
        .thenRefused('Conflict', { reason: 'offer_withdrawn', details: { offer_id: 'offer-1', state: 'withdrawn' } });
    });

    it('is 404 offer for an offer the enquiry does not have', () => {
      given(enquiryDecider, [receivedEvent()]).when(book('TP-AAAA-AAAA')).thenRefused('NotFound', { entity: 'offer' });
    });
  });

  describe('WithdrawOffer', () => {
    const withdraw = (sellerId = 'seller-1') => ({ type: 'WithdrawOffer', sellerId, offerId: 'offer-1', now: NOW }) as const;

    it('withdraws an offer once; again changes nothing', () => {
      given(enquiryDecider, [receivedEvent(), madeEvent()]).when(withdraw()).then([withdrawnEvent]);
      given(enquiryDecider, [receivedEvent(), madeEvent(), withdrawnEvent]).when(withdraw()).thenNothing();
    });

    it('refuses a booked offer, and another seller', () => {
      given(enquiryDecider, [receivedEvent(), madeEvent(), bookedEvent('TP-AAAA-AAAA')])
        .when(withdraw())
        .thenRefused('Conflict', { reason: 'offer_booked' });
      given(enquiryDecider, [receivedEvent(), madeEvent()]).when(withdraw('seller-2')).thenRefused('NotFound', { entity: 'enquiry' });
    });
  });

  it('says how an offer stands: open until valid_until, then expired; booked and withdrawn for good', () => {
    const made = { made: { validUntil: VALID_UNTIL }, bookedRef: null, withdrawnAt: null };
    expect(offerStateAt(made, plusMinutes(at(VALID_UNTIL), -1))).to.equal('open');
    expect(offerStateAt(made, at(VALID_UNTIL))).to.equal('expired');
    expect(offerStateAt({ ...made, bookedRef: 'TP-AAAA-AAAA' }, at(VALID_UNTIL))).to.equal('booked');
    expect(offerStateAt({ ...made, withdrawnAt: NOW.toISOString() }, NOW)).to.equal('withdrawn');
  });

  it('sells an offer confirmed at the price quoted (the seller already answered)', () => {
    const quote = { ...soldQuote(10000), confirmation: 'manual' as const, pending_expires_at: '2026-05-03T10:00:00.000Z' };
    expect(offeredQuote(quote)).to.deep.equal({ ...quote, confirmation: 'instant', pending_expires_at: null });
  });
});

describe('enquiry rules', () => {
  const facts = { kind: 'product' as const, productId: 'prod-1', dateFrom: null, dateTo: null, travellers: null, today: '2026-05-01' };

  it('draws references EQ- and five letters of the unambiguous alphabet', () => {
    expect(enquiryReference(Uint8Array.from([0, 1, 31, 32, 255]))).to.equal('EQ-AB9A9');
    expect(REFERENCE_ALPHABET).to.have.length(32);
    expect(REFERENCE_ALPHABET).not.to.match(/[01IO]/);
  });

  it('needs product_id for kind product and only there', () => {
    expect(enquiryProblems({ ...facts, productId: null })).to.deep.equal([
      { reason: 'required', field: 'product_id', detail: 'product_id is required for kind product' },
    ]);
    expect(enquiryProblems({ ...facts, kind: 'contact' })[0]).to.include({ reason: 'invalid_value', field: 'product_id' });
    expect(enquiryProblems(facts)).to.deep.equal([]);
  });

  it('takes real dates from today on, in order, at most three years ahead', () => {
    const reasons = (dateFrom: string | null, dateTo: string | null) => enquiryProblems({ ...facts, dateFrom, dateTo }).map((p) => `${p.field}:${p.reason}`);
    expect(reasons('2026-02-30', null)).to.deep.equal(['date_from:invalid_date']);
    expect(reasons('2026-04-30', '2026-05-01')).to.deep.equal(['date_from:date_in_past']);
    expect(reasons('2026-05-01', '2026-05-01')).to.deep.equal([]);
    expect(reasons('2026-05-10', '2026-05-09')).to.deep.equal(['date_to:dates_out_of_order']);
    expect(reasons(null, '2029-05-01')).to.deep.equal([]);
    expect(reasons(null, '2029-05-02')).to.deep.equal(['date_to:date_too_far']);
  });

  it('counts at least one adult or child and at most 50 travellers', () => {
    const reasons = (adults: number, children: number, infants: number) =>
      enquiryProblems({ ...facts, travellers: { adults, children, infants } }).map((p) => p.reason);
    expect(reasons(0, 0, 1)).to.deep.equal(['no_travellers']);
    expect(reasons(0, 1, 0)).to.deep.equal([]);
    expect(reasons(40, 5, 5)).to.deep.equal([]);
    expect(reasons(40, 5, 6)).to.deep.equal(['too_many_travellers']);
  });

  it("takes today in the trip's zone, or in the last zone to reach it", () => {
    const now = at('2026-05-01T23:30:00.000Z');
    expect(todayIn('Asia/Tokyo', now)).to.equal('2026-05-02');
    expect(todayIn(LAST_ZONE, now)).to.equal('2026-05-01');
    expect(todayIn(LAST_ZONE, at('2026-05-02T11:59:00.000Z'))).to.equal('2026-05-01');
  });
});

describe('enquiry sender limit', () => {
  const admitted = (when: Date) => ({ type: 'EnquiryAdmitted' as const, data: { at: when.toISOString() } });
  const tenIn = (from: Date) => Array.from({ length: ENQUIRIES_PER_HOUR }, (_, i) => admitted(plusMinutes(from, i)));

  it(`lets ${ENQUIRIES_PER_HOUR} enquiries an hour through from one address`, () => {
    given(senderLimitDecider, tenIn(NOW).slice(1))
      .when({ type: 'AdmitEnquiry', now: plusMinutes(NOW, 30) })
      .then([admitted(plusMinutes(NOW, 30))]);
  });

  it('refuses the next with RateLimited until the oldest of them is an hour old', () => {
    given(senderLimitDecider, tenIn(NOW))
      .when({ type: 'AdmitEnquiry', now: plusMinutes(NOW, 30) })
      .thenRefused('RateLimited', { retry_after_seconds: 30 * 60 });
    given(senderLimitDecider, tenIn(NOW))
      .when({ type: 'AdmitEnquiry', now: plusMinutes(NOW, 60) })
      .then([admitted(plusMinutes(NOW, 60))]);
  });
});
