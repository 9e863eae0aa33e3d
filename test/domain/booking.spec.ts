import { expect } from 'chai';
import { BookingCommand, BookingEvent, bookingDecider, cancellationPreview, refundPreview, requestLapsesAt } from '../../domain/booking';
import { at, bookingPlaced, MODERATE, soldQuote } from './fixtures';
import { given } from './given-when-then';

const NOW = at('2026-05-01T10:00:00.000Z');
const REF = 'TP-AAAA-AAAA';
// Lisbon is UTC+1 in summer; the trip starts on 2026-06-10 at 09:00 local time.
const placed = bookingPlaced({ ref: REF, start: '2026-06-10T09:00', timezone: 'Europe/Lisbon', policy: MODERATE });

const placeBooking = (confirmation: 'instant' | 'manual', pendingExpiresAt: string | null = null): BookingCommand => ({
  type: 'PlaceBooking',
  booking: placed,
  confirmation,
  pendingExpiresAt,
  now: NOW,
});
const cancel = (now: Date, paid: number, by: 'traveller' | 'seller' = 'traveller', reason: string | null = null): BookingCommand => ({
  type: 'CancelBooking',
  by,
  paid,
  reason,
  now,
});

const bookingPlacedEvent: BookingEvent = { type: 'BookingPlaced', data: placed };
const confirmed: BookingEvent = { type: 'BookingConfirmed', data: { ref: REF, at: NOW.toISOString() } };
const pending = (expiresAt: string): BookingEvent => ({ type: 'BookingPending', data: { ref: REF, expiresAt, at: NOW.toISOString() } });
const cancelled = (when: Date, refundPct: number, refund: number, by: 'traveller' | 'seller' = 'traveller', reason: string | null = null): BookingEvent => ({
  type: 'BookingCancelled',
  data: { ref: REF, by, refundPct, refund: { amount: refund, currency: 'USD' }, reason, at: when.toISOString() },
});

describe('booking decider', () => {
  describe('PlaceBooking', () => {
    it('places and confirms an instant booking', () => {
      given(bookingDecider).when(placeBooking('instant')).then([bookingPlacedEvent, confirmed]);
    });

    it('places a manual booking as pending with when the request lapses', () => {
      given(bookingDecider)
        .when(placeBooking('manual', '2026-05-03T10:00:00.000Z'))
        .then([bookingPlacedEvent, pending('2026-05-03T10:00:00.000Z')]);
    });

    it('never makes a pending request lapse the moment it is placed (no pending expiry given)', () => {
      // Spec 2.8: pending_expires_at is a timestamp or null; a request waiting for the seller
      // (e.g. paid by transfer, due_at null until accepted) must not be over when it is made.
      const events = given(bookingDecider).when(placeBooking('manual', null)).result;
      expect(Array.isArray(events)).to.equal(true);
      const state = given(bookingDecider, events as BookingEvent[]).state;
      expect(state.status).to.equal('pending');
      const expiresAt = state.status === 'none' ? null : state.pendingExpiresAt;
      if (expiresAt !== null) expect(Date.parse(expiresAt)).to.be.greaterThan(NOW.getTime());
    });

    it('appends nothing when the booking is placed again (a repeated checkout)', () => {
      given(bookingDecider, [bookingPlacedEvent, confirmed]).when(placeBooking('instant')).thenNothing();
      given(bookingDecider, [bookingPlacedEvent, pending('2026-05-03T10:00:00.000Z')])
        .when(placeBooking('manual', '2026-05-03T10:00:00.000Z'))
        .thenNothing();
    });

    it('evolves to the state the booking view reads', () => {
      const state = given(bookingDecider, [bookingPlacedEvent, pending('2026-05-03T10:00:00.000Z')]).state;
      expect(state).to.deep.include({ status: 'pending', pendingExpiresAt: '2026-05-03T10:00:00.000Z', cancellation: null });
      const after = given(bookingDecider, [bookingPlacedEvent, confirmed, cancelled(NOW, 100, 10000)]).state;
      expect(after).to.deep.include({ status: 'cancelled', cancellation: { by: 'traveller', refundPct: 100, refund: { amount: 10000, currency: 'USD' } } });
    });
  });

  describe('CancelBooking', () => {
    it('cancels a confirmed booking with a full refund 7 or more days before', () => {
      const when = at('2026-06-03T10:00:00.000Z'); // 7 days before 2026-06-10 in Lisbon
      given(bookingDecider, [bookingPlacedEvent, confirmed])
        .when(cancel(when, 10000, 'traveller', 'plans changed'))
        .then([cancelled(when, 100, 10000, 'traveller', 'plans changed')]);
    });

    it('refunds by the 50% tier 2 to 6 days before, rounding half up once', () => {
      const when = at('2026-06-04T10:00:00.000Z'); // 6 days before
      given(bookingDecider, [bookingPlacedEvent, confirmed])
        .when(cancel(when, 10001, 'traveller'))
        .then([cancelled(when, 50, 5001)]);
    });

    it('refunds nothing in the last tier', () => {
      const when = at('2026-06-09T10:00:00.000Z'); // 1 day before
      given(bookingDecider, [bookingPlacedEvent, confirmed])
        .when(cancel(when, 10000))
        .then([cancelled(when, 0, 0)]);
    });

    it("counts days before in the trip's timezone, not in UTC", () => {
      // 2026-06-02T23:30Z is already 2026-06-03 00:30 in Lisbon: 7 days before (100%),
      // although in UTC it is still 2026-06-02 (8 days).
      const lateNight = at('2026-06-02T23:30:00.000Z');
      given(bookingDecider, [bookingPlacedEvent, confirmed])
        .when(cancel(lateNight, 10000))
        .then([cancelled(lateNight, 100, 10000)]);
      // A Tokyo trip on 2026-06-05: at 2026-06-03T16:00Z it is 2 days away in UTC (50%),
      // but already 2026-06-04 01:00 in Tokyo: 1 day before, nothing back.
      const tokyo = { ...placed, start: '2026-06-05T09:00', timezone: 'Asia/Tokyo' };
      const refusalOrEvents = bookingDecider.decide(cancel(at('2026-06-03T16:00:00.000Z'), 10000), {
        status: 'confirmed',
        placed: tokyo,
        start: tokyo.start,
        pendingExpiresAt: null,
        cancellation: null,
        rejectionReason: null,
        rejectCode: null,
        accepted: false,
        move: null,
      });
      expect(refusalOrEvents).to.deep.equal([
        {
          type: 'BookingCancelled',
          data: { ref: REF, by: 'traveller', refundPct: 0, refund: { amount: 0, currency: 'USD' }, reason: null, at: '2026-06-03T16:00:00.000Z' },
        },
      ]);
    });

    it('refunds in the currency the booking was sold in', () => {
      const inEur = { ...placed, quote: soldQuote(9137, 'EUR') };
      const when = at('2026-06-05T10:00:00.000Z'); // 5 days before: 50%
      given(bookingDecider, [{ type: 'BookingPlaced', data: inEur }, confirmed])
        .when(cancel(when, 9137))
        .then([
          {
            type: 'BookingCancelled',
            data: { ref: REF, by: 'traveller', refundPct: 50, refund: { amount: 4569, currency: 'EUR' }, reason: null, at: when.toISOString() },
          },
        ]);
    });

    it('is a Conflict booking_not_confirmed when cancelled twice', () => {
      given(bookingDecider, [bookingPlacedEvent, confirmed, cancelled(NOW, 100, 10000)])
        .when(cancel(at('2026-05-02T10:00:00.000Z'), 10000))
        .thenRefused('Conflict', { reason: 'booking_not_confirmed', details: { ref: REF, booking_status: 'cancelled' } });
    });

    it('lets the traveller withdraw a pending booking, giving back everything paid so far (usually nothing)', () => {
      given(bookingDecider, [bookingPlacedEvent, pending('2026-05-03T10:00:00.000Z')])
        .when(cancel(NOW, 0, 'traveller', 'found another date'))
        .then([cancelled(NOW, 100, 0, 'traveller', 'found another date')]);
      given(bookingDecider, [bookingPlacedEvent, pending('2026-05-03T10:00:00.000Z')])
        .when(cancel(NOW, 2500))
        .then([cancelled(NOW, 100, 2500)]);
    });

    it('is a Conflict booking_not_confirmed for a rejected or lapsed booking', () => {
      const rejected: BookingEvent = { type: 'BookingRejected', data: { ref: REF, reason: 'fully booked', at: NOW.toISOString() } };
      const lapsed: BookingEvent = { type: 'BookingLapsed', data: { ref: REF, at: NOW.toISOString() } };
      for (const [end, status] of [
        [rejected, 'rejected'],
        [lapsed, 'lapsed'],
      ] as const) {
        given(bookingDecider, [bookingPlacedEvent, pending('2026-05-03T10:00:00.000Z'), end])
          .when(cancel(NOW, 0))
          .thenRefused('Conflict', { reason: 'booking_not_confirmed', details: { ref: REF, booking_status: status } });
      }
    });

    it('is NotFound for a booking that does not exist', () => {
      given(bookingDecider).when(cancel(NOW, 0)).thenRefused('NotFound', { entity: 'booking' });
    });
  });

  describe('cancellationPreview', () => {
    const fold = (events: BookingEvent[]) => events.reduce(bookingDecider.evolve, bookingDecider.initialState());
    const when = at('2026-06-05T10:00:00.000Z');
    it('previews the policy for a confirmed booking, everything paid for a pending one, and 409 for one cancelled', () => {
      expect(cancellationPreview(fold([bookingPlacedEvent, confirmed]), 12345, when)).to.deep.equal(refundPreview(placed, 12345, when));
      expect(cancellationPreview(fold([bookingPlacedEvent, pending('2026-05-03T10:00:00.000Z')]), 500, when)).to.include({ refund_pct: 100 });
      const cancelledState = fold([bookingPlacedEvent, confirmed, cancelled(when, 50, 6172)]);
      expect(cancellationPreview(cancelledState, 0, when)).to.deep.include({
        code: 'Conflict',
        fields: { reason: 'booking_not_confirmed', details: { ref: REF, booking_status: 'cancelled' } },
      });
    });
  });

  describe('refundPreview', () => {
    it('has the shape {days_before, refund_pct, refund, paid}', () => {
      const preview = refundPreview(placed, 12345, at('2026-06-05T10:00:00.000Z'));
      expect(preview).to.deep.equal({
        days_before: 5,
        refund_pct: 50,
        refund: { amount: 6173, currency: 'USD' }, // 6172.5 rounded half up
        paid: { amount: 12345, currency: 'USD' },
      });
    });

    it('gives nothing back after the start', () => {
      const preview = refundPreview(placed, 10000, at('2026-06-11T10:00:00.000Z'));
      expect(preview).to.deep.equal({ days_before: -1, refund_pct: 0, refund: { amount: 0, currency: 'USD' }, paid: { amount: 10000, currency: 'USD' } });
    });

    it('refunds nothing when nothing was paid', () => {
      const preview = refundPreview(placed, 0, at('2026-05-01T10:00:00.000Z'));
      expect(preview.refund_pct).to.equal(100);
      expect(preview.refund).to.deep.equal({ amount: 0, currency: 'USD' });
    });
  });
});

describe('requestLapsesAt', () => {
  it('lapses the given hours after the request, and never after the start', () => {
    const now = new Date('2026-11-22T08:00:00.000Z');
    expect(requestLapsesAt(now, 48, '2026-12-10T09:00', 'Europe/Lisbon')).to.equal('2026-11-24T08:00:00.000Z');
    expect(requestLapsesAt(now, 48, '2026-11-23T16:30', 'Asia/Muscat')).to.equal('2026-11-23T12:30:00.000Z');
  });
});

describe('abandoned checkouts', () => {
  const now = new Date('2026-05-01T12:00:00.000Z');
  const abandoned: BookingEvent = { type: 'CheckoutAbandoned', data: { ref: 'TP-AAAA-AAAA', at: now.toISOString() } };

  it('marks a ref whose checkout never placed its booking, once', () => {
    given(bookingDecider).when({ type: 'AbandonCheckout', ref: 'TP-AAAA-AAAA', now }).then([abandoned]);
    given(bookingDecider, [abandoned]).when({ type: 'AbandonCheckout', ref: 'TP-AAAA-AAAA', now }).thenNothing();
  });

  it('refuses a late retry of that checkout (HoldExpired), and leaves a placed booking alone', () => {
    given(bookingDecider, [abandoned])
      .when({ type: 'PlaceBooking', booking: bookingPlaced(), confirmation: 'instant', pendingExpiresAt: null, now })
      .thenRefused('HoldExpired');
    given(bookingDecider, [{ type: 'BookingPlaced', data: bookingPlaced() }])
      .when({ type: 'AbandonCheckout', ref: 'TP-AAAA-AAAA', now })
      .thenNothing();
  });
});
