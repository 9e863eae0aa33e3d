import { expect } from 'chai';
import { BookingEvent, bookingDecider, refundInsteadOffer } from '../../domain/booking';
import { isRefusal } from '../../domain/shared/refusal';
import { at, bookingPlaced, MODERATE } from './fixtures';
import { fold, given } from './given-when-then';

const REF = 'TP-MOVE-0001';
const FROM = '2026-06-10T09:00';
const TO = '2026-06-17T09:00';
const NOW = at('2026-06-01T10:00:00.000Z');
const placed = bookingPlaced({ ref: REF, start: FROM, timezone: 'Europe/Lisbon', policy: MODERATE });
const placedEvent: BookingEvent = { type: 'BookingPlaced', data: placed };
const confirmed: BookingEvent = { type: 'BookingConfirmed', data: { ref: REF, at: '2026-05-01T10:00:00.000Z' } };
const pending: BookingEvent = { type: 'BookingPending', data: { ref: REF, expiresAt: null, at: '2026-05-01T10:00:00.000Z' } };
const moved: BookingEvent = {
  type: 'BookingMoved',
  data: { ref: REF, callId: 'call-1', from: FROM, to: TO, reason: 'weather', note: 'Storm warning', at: '2026-06-01T09:00:00.000Z' },
};
const currency = placed.quote.totals.due_now.currency;
const sellerCancelled = (amount: number, reason: string, refundInstead?: boolean): BookingEvent => ({
  type: 'BookingCancelled',
  data: {
    ref: REF,
    by: 'seller',
    refundPct: 100,
    refund: { amount, currency },
    reason,
    at: NOW.toISOString(),
    ...(refundInstead ? { refundInstead } : {}),
  },
});

describe('booking decider: call-offs, messages and refund-instead', () => {
  describe('MoveBooking', () => {
    const move = {
      type: 'MoveBooking' as const,
      callId: 'call-1',
      from: FROM,
      to: TO,
      reason: 'weather',
      note: 'Storm warning',
      pendingHours: 48,
      now: at('2026-06-01T09:00:00.000Z'),
    };

    it('moves a confirmed or pending booking to the offered start; its start is the new one', () => {
      given(bookingDecider, [placedEvent, confirmed]).when(move).then([moved]);
      given(bookingDecider, [placedEvent, pending]).when(move).then([moved]);
      const state = fold(bookingDecider, [placedEvent, confirmed, moved]);
      expect(state.status !== 'none' && state.start).to.equal(TO);
    });

    it("moves a pending booking's time to pay with it: due as long before the new start as before the old", () => {
      const byTransfer = { ...placedEvent, data: { ...placed, paymentMethod: 'bank_transfer' as const } } as BookingEvent;
      // Due 72 hours before 09:00 in Lisbon (08:00 UTC) on June 10, then on June 17.
      const waiting: BookingEvent = { type: 'BookingPending', data: { ref: REF, expiresAt: '2026-06-07T08:00:00.000Z', at: '2026-05-01T10:00:00.000Z' } };
      const [event] = given(bookingDecider, [byTransfer, waiting])
        .when(move)
        .then([{ ...moved, data: { ...(moved.data as object), pendingExpiresAt: '2026-06-14T08:00:00.000Z' } } as BookingEvent]);
      const state = fold(bookingDecider, [byTransfer, waiting, event!]);
      expect(state.status !== 'none' && state.pendingExpiresAt).to.equal('2026-06-14T08:00:00.000Z');
    });

    it('gives a request the seller has yet to answer its hours from when it was made, never past the new start', () => {
      const manual = { ...placed, quote: { ...placed.quote, confirmation: 'manual' as const }, placedAt: '2026-06-08T10:00:00.000Z' };
      const asked: BookingEvent = { type: 'BookingPlaced', data: manual };
      // Made two days before the old start: it lapsed at that start (08:00 UTC on June 10).
      const waiting: BookingEvent = { type: 'BookingPending', data: { ref: REF, expiresAt: '2026-06-10T08:00:00.000Z', at: manual.placedAt } };
      given(bookingDecider, [asked, waiting])
        .when({ ...move, now: at('2026-06-09T09:00:00.000Z') })
        .then([
          {
            ...moved,
            data: { ...(moved.data as object), at: '2026-06-09T09:00:00.000Z', pendingExpiresAt: '2026-06-10T10:00:00.000Z' },
          } as BookingEvent,
        ]);
    });

    it('is done once: the same call again appends nothing', () => {
      given(bookingDecider, [placedEvent, confirmed, moved]).when(move).thenNothing();
    });

    it('refuses a booking no longer standing, one at another start, and a missing one', () => {
      given(bookingDecider, [placedEvent, confirmed, sellerCancelled(0, 'x')])
        .when(move)
        .thenRefused('Conflict', { reason: 'booking_not_active' });
      given(bookingDecider, [placedEvent, confirmed, moved])
        .when({ ...move, callId: 'call-2' })
        .thenRefused('Conflict', { reason: 'booking_not_at_start' });
      given(bookingDecider).when(move).thenRefused('NotFound', { entity: 'booking' });
    });
  });

  describe('MessageBooking', () => {
    it('records the message for a standing booking; refuses a cancelled one', () => {
      const command = { type: 'MessageBooking' as const, messageId: 'm-1', message: 'Meet at gate B', now: NOW };
      given(bookingDecider, [placedEvent, pending])
        .when(command)
        .then([{ type: 'BookingMessaged', data: { ref: REF, messageId: 'm-1', message: 'Meet at gate B', at: NOW.toISOString() } }]);
      given(bookingDecider, [placedEvent, confirmed, sellerCancelled(0, 'x')])
        .when(command)
        .thenRefused('Conflict', { reason: 'booking_not_active' });
    });
  });

  describe('CancelBySeller', () => {
    it('cancels by the seller and refunds everything that came in (100 %)', () => {
      given(bookingDecider, [placedEvent, confirmed])
        .when({ type: 'CancelBySeller', paid: 12_000, reason: 'weather', now: NOW })
        .then([sellerCancelled(12_000, 'weather')]);
    });

    it('cancels a pending request too, and repeating it appends nothing', () => {
      given(bookingDecider, [placedEvent, pending])
        .when({ type: 'CancelBySeller', paid: 0, reason: 'other', now: NOW })
        .then([sellerCancelled(0, 'other')]);
      given(bookingDecider, [placedEvent, confirmed, sellerCancelled(0, 'x')])
        .when({ type: 'CancelBySeller', paid: 0, reason: 'other', now: NOW })
        .thenNothing();
    });
  });

  describe('TakeRefundInstead', () => {
    it('offers a moved booking everything paid until the new start', () => {
      const state = fold(bookingDecider, [placedEvent, confirmed, moved]);
      expect(refundInsteadOffer(state, 9_000, NOW)).to.deep.equal({
        reason: 'weather',
        note: 'Storm warning',
        called_off_start: FROM,
        moved_to_start: TO,
        refund: { amount: 9_000, currency },
        // 09:00 in Lisbon in June is 08:00 UTC.
        available_until: '2026-06-17T08:00:00.000Z',
      });
    });

    it('takes it: cancelled by the seller, refund_instead, full refund', () => {
      given(bookingDecider, [placedEvent, confirmed, moved])
        .when({ type: 'TakeRefundInstead', paid: 9_000, now: NOW })
        .then([sellerCancelled(9_000, 'weather', true)]);
    });

    it('offers nothing to a booking not moved, or cancelled otherwise since (404)', () => {
      given(bookingDecider, [placedEvent, confirmed])
        .when({ type: 'TakeRefundInstead', paid: 0, now: NOW })
        .thenRefused('NotFound', { entity: 'refund_instead' });
      given(bookingDecider, [placedEvent, confirmed, moved, sellerCancelled(0, 'weather')])
        .when({ type: 'TakeRefundInstead', paid: 0, now: NOW })
        .thenRefused('NotFound', { entity: 'refund_instead' });
    });

    it('taken already: taking it again appends nothing, the state keeps the cancellation it made', () => {
      given(bookingDecider, [placedEvent, confirmed, moved, sellerCancelled(9_000, 'weather', true)])
        .when({ type: 'TakeRefundInstead', paid: 0, now: NOW })
        .thenNothing();
      const state = fold(bookingDecider, [placedEvent, confirmed, moved, sellerCancelled(9_000, 'weather', true)]);
      expect(state.status !== 'none' && state.cancellation).to.deep.equal({
        by: 'seller',
        refundPct: 100,
        refund: { amount: 9_000, currency },
        refundInstead: true,
      });
    });

    it('is closed once the new start has begun (409 refund_instead_closed)', () => {
      const late = at('2026-06-17T08:00:00.000Z');
      given(bookingDecider, [placedEvent, confirmed, moved])
        .when({ type: 'TakeRefundInstead', paid: 0, now: late })
        .thenRefused('Conflict', { reason: 'refund_instead_closed' });
      const offer = refundInsteadOffer(fold(bookingDecider, [placedEvent, confirmed, moved]), 0, late);
      expect(isRefusal(offer)).to.equal(true);
    });
  });
});
