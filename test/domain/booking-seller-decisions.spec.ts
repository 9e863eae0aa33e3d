import { expect } from 'chai';
import type { PaymentMethodKind } from '../../domain/catalog/definitions';
import { BookingCommand, BookingEvent, bookingDecider } from '../../domain/booking';
import { at, bookingPlaced, soldQuote } from './fixtures';
import { given } from './given-when-then';

const NOW = at('2026-05-01T12:00:00.000Z');
const REF = 'TP-AAAA-AAAA';
const EXPIRES = '2026-05-03T10:00:00.000Z';
const DUE = '2026-06-07T08:00:00.000Z';

/** A booking placed on 2026-05-01 for 2026-06-10: instant or a request, paid by `method`. */
const placedWith = (confirmation: 'instant' | 'manual', method: PaymentMethodKind | null): BookingEvent => ({
  type: 'BookingPlaced',
  data: bookingPlaced({ ref: REF, quote: { ...soldQuote(10000), confirmation }, paymentMethod: method }),
});
const pending: BookingEvent = { type: 'BookingPending', data: { ref: REF, expiresAt: EXPIRES, at: '2026-05-01T10:00:00.000Z' } };
const request = (method: PaymentMethodKind | null = 'pay_on_arrival'): BookingEvent[] => [placedWith('manual', method), pending];
const confirmedBy = (by: 'seller' | 'payment', when = NOW): BookingEvent => ({ type: 'BookingConfirmed', data: { ref: REF, at: when.toISOString(), by } });
const rejected = (reason: string): BookingEvent => ({ type: 'BookingRejected', data: { ref: REF, reason, at: NOW.toISOString() } });
const accepted: BookingEvent = { type: 'BookingAccepted', data: { ref: REF, dueAt: DUE, at: NOW.toISOString() } };
const lapsed = (when: Date): BookingEvent => ({ type: 'BookingLapsed', data: { ref: REF, at: when.toISOString() } });
const cancelled: BookingEvent = {
  type: 'BookingCancelled',
  data: { ref: REF, by: 'traveller', refundPct: 100, refund: { amount: 0, currency: 'USD' }, reason: null, at: NOW.toISOString() },
};

const confirm = (by: 'seller' | 'payment' = 'seller', paidInFull = false): BookingCommand => ({ type: 'ConfirmBooking', by, paidInFull, now: NOW });
const reject = (reason = 'our guide is ill that day', now = NOW): BookingCommand => ({ type: 'RejectBooking', reason, now });
const accept = (dueAt = DUE, now = NOW): BookingCommand => ({ type: 'AcceptBooking', dueAt, now });
const lapse = (now: Date): BookingCommand => ({ type: 'LapseBooking', now });

describe('booking decider: seller decisions, payment confirmation and lapses', () => {
  describe('ConfirmBooking', () => {
    it("confirms a pending request by the seller's decision", () => {
      given(bookingDecider, request())
        .when(confirm())
        .then([confirmedBy('seller')]);
      const state = given(bookingDecider, [...request(), confirmedBy('seller')]).state;
      expect(state).to.deep.include({ status: 'confirmed', pendingExpiresAt: null });
    });

    it('is the same answer, with nothing appended, when confirmed twice', () => {
      given(bookingDecider, [...request(), confirmedBy('seller')])
        .when(confirm())
        .thenNothing();
      given(bookingDecider, [...request(), confirmedBy('seller')])
        .when(confirm('payment'))
        .thenNothing();
    });

    it('refuses a request paid by transfer or link and not paid yet (409 payment_outstanding): the seller accepts it instead', () => {
      for (const method of ['bank_transfer', 'payment_link'] as const) {
        given(bookingDecider, request(method))
          .when(confirm())
          .thenRefused('Conflict', {
            reason: 'payment_outstanding',
            details: { ref: REF, booking_status: 'pending', payment_method: method, accepted: false },
          });
        given(bookingDecider, [...request(method), accepted])
          .when(confirm())
          .thenRefused('Conflict', { reason: 'payment_outstanding' });
      }
    });

    it('lets the seller confirm a transfer request once everything due came in', () => {
      given(bookingDecider, request('bank_transfer'))
        .when(confirm('seller', true))
        .then([confirmedBy('seller')]);
    });

    it('confirms a booking that waited only for its money once paid in full (by payment)', () => {
      given(bookingDecider, [placedWith('instant', 'payment_link'), pending])
        .when(confirm('payment'))
        .then([confirmedBy('payment')]);
      given(bookingDecider, [...request('bank_transfer'), accepted])
        .when(confirm('payment'))
        .then([confirmedBy('payment')]);
    });

    it('does not let money confirm a request the seller has yet to answer (409 awaiting_seller)', () => {
      given(bookingDecider, request('bank_transfer')).when(confirm('payment')).thenRefused('Conflict', { reason: 'awaiting_seller' });
    });

    it('refuses a booking that is no longer pending (409 booking_not_pending with its status)', () => {
      for (const [end, status] of [
        [rejected('full'), 'rejected'],
        [lapsed(at('2026-05-03T10:00:00.000Z')), 'lapsed'],
        [cancelled, 'cancelled'],
      ] as const) {
        given(bookingDecider, [...request(), end])
          .when(confirm())
          .thenRefused('Conflict', { reason: 'booking_not_pending', details: { ref: REF, booking_status: status } });
      }
    });

    it('is NotFound for a booking that does not exist', () => {
      given(bookingDecider).when(confirm()).thenRefused('NotFound', { entity: 'booking' });
    });
  });

  describe('RejectBooking', () => {
    it('rejects a pending booking with its reason, kept in the state', () => {
      given(bookingDecider, request('bank_transfer'))
        .when(reject())
        .then([rejected('our guide is ill that day')]);
      const state = given(bookingDecider, [...request(), rejected('our guide is ill that day')]).state;
      expect(state).to.deep.include({ status: 'rejected', rejectionReason: 'our guide is ill that day', pendingExpiresAt: null });
    });

    it('names the platform as the one who declined for a seller that left the marketplace', () => {
      given(bookingDecider, request())
        .when({ type: 'RejectBooking', reason: 'the seller no longer sells here', code: 'seller_unavailable', now: NOW })
        .then([{ type: 'BookingRejected', data: { ref: REF, reason: 'the seller no longer sells here', at: NOW.toISOString(), code: 'seller_unavailable' } }]);
    });

    it('appends nothing when rejected again: the first reason stands', () => {
      given(bookingDecider, [...request(), rejected('full')])
        .when(reject('another reason'))
        .thenNothing();
    });

    it('refuses a confirmed, lapsed or cancelled booking (409 booking_not_pending)', () => {
      given(bookingDecider, [...request(), confirmedBy('seller')])
        .when(reject())
        .thenRefused('Conflict', { reason: 'booking_not_pending', details: { ref: REF, booking_status: 'confirmed' } });
      given(bookingDecider, [...request(), lapsed(at(EXPIRES))])
        .when(reject())
        .thenRefused('Conflict', { reason: 'booking_not_pending' });
      given(bookingDecider, [...request(), cancelled])
        .when(reject())
        .thenRefused('Conflict', { reason: 'booking_not_pending' });
    });

    it('is NotFound for a booking that does not exist', () => {
      given(bookingDecider).when(reject()).thenRefused('NotFound', { entity: 'booking' });
    });
  });

  describe('AcceptBooking', () => {
    it('accepts a request paid by transfer or link: the money is due by the date given, when the request now lapses', () => {
      for (const method of ['bank_transfer', 'payment_link'] as const) {
        given(bookingDecider, request(method)).when(accept()).then([accepted]);
      }
      const state = given(bookingDecider, [...request('bank_transfer'), accepted]).state;
      expect(state).to.deep.include({ status: 'pending', accepted: true, pendingExpiresAt: DUE });
    });

    it('appends nothing when accepted again', () => {
      given(bookingDecider, [...request('bank_transfer'), accepted])
        .when(accept())
        .thenNothing();
    });

    it('refuses a request paid on arrival and a booking that waits only for its money (409 not_a_payment_request)', () => {
      given(bookingDecider, request('pay_on_arrival'))
        .when(accept())
        .thenRefused('Conflict', { reason: 'not_a_payment_request', details: { ref: REF, booking_status: 'pending', payment_method: 'pay_on_arrival' } });
      given(bookingDecider, [placedWith('instant', 'bank_transfer'), pending])
        .when(accept())
        .thenRefused('Conflict', { reason: 'not_a_payment_request' });
    });

    it('refuses when the way to pay closed already for the start (409 too_late_to_pay)', () => {
      given(bookingDecider, request('bank_transfer'))
        .when(accept('2026-05-01T11:00:00.000Z'))
        .thenRefused('Conflict', { reason: 'too_late_to_pay', details: { ref: REF, booking_status: 'pending', pay_before: '2026-05-01T11:00:00.000Z' } });
    });

    it('refuses a booking no longer pending (409 booking_not_pending)', () => {
      given(bookingDecider, [...request('bank_transfer'), rejected('full')])
        .when(accept())
        .thenRefused('Conflict', { reason: 'booking_not_pending', details: { ref: REF, booking_status: 'rejected' } });
    });

    it('is NotFound for a booking that does not exist', () => {
      given(bookingDecider).when(accept()).thenRefused('NotFound', { entity: 'booking' });
    });
  });

  describe('LapseBooking', () => {
    it('lapses a pending booking once its pending_expires_at has passed', () => {
      const when = at(EXPIRES);
      given(bookingDecider, request())
        .when(lapse(when))
        .then([lapsed(when)]);
      const state = given(bookingDecider, [...request(), lapsed(when)]).state;
      expect(state).to.deep.include({ status: 'lapsed', pendingExpiresAt: null });
    });

    it('leaves a booking whose time is not up, or that moved on to its due date once accepted', () => {
      given(bookingDecider, request())
        .when(lapse(at('2026-05-03T09:59:59.999Z')))
        .thenNothing();
      given(bookingDecider, [...request('bank_transfer'), accepted])
        .when(lapse(at('2026-05-04T00:00:00.000Z')))
        .thenNothing();
      const late = at('2026-06-07T08:00:00.000Z');
      given(bookingDecider, [...request('bank_transfer'), accepted])
        .when(lapse(late))
        .then([lapsed(late)]);
    });

    it('leaves a booking decided meanwhile, and one that lapsed already (a repeated sweep)', () => {
      const when = at('2026-05-04T00:00:00.000Z');
      given(bookingDecider, [...request(), confirmedBy('seller')])
        .when(lapse(when))
        .thenNothing();
      given(bookingDecider, [...request(), rejected('full')])
        .when(lapse(when))
        .thenNothing();
      given(bookingDecider, [...request(), lapsed(at(EXPIRES))])
        .when(lapse(when))
        .thenNothing();
    });

    it('is NotFound for a booking that does not exist', () => {
      given(bookingDecider).when(lapse(NOW)).thenRefused('NotFound', { entity: 'booking' });
    });
  });
});
