import { expect } from 'chai';
import { bookingsProjector } from '../../projections/bookings/projector';
import { BookingEvent, bookingStream } from '../../domain/booking';
import { HoldEvent, holdStream } from '../../domain/hold';
import { PaymentEvent, paymentStream } from '../../domain/payment';
import { departureStream } from '../../domain/departure';
import { MODERATE, bookingPlaced, holdPlaced, soldQuote } from '../domain/fixtures';
import { Given, project } from './project';

const REF = 'TP-AAAA-AAAA';
const AT = '2026-05-01T10:05:00.000Z';
const usd = (amount: number) => ({ amount, currency: 'USD' });

const hold = (event: HoldEvent): Given => ({ ...event, stream: holdStream(event.data.ref) });
const booking = (event: BookingEvent): Given => ({ ...event, stream: bookingStream(event.data.ref) });
const payment = (event: PaymentEvent): Given => ({ ...event, stream: paymentStream(event.data.ref) });
const released = (why: 'expired' | 'cancelled' | 'abandoned'): Given => ({
  type: 'PlacesReleased',
  data: { ref: REF, why },
  stream: departureStream('opt-1', '2026-06-10T09:00'),
});

const holdPlacedEvent = hold({ type: 'HoldPlaced', data: holdPlaced() });
const checkedOut = hold({ type: 'HoldCheckedOut', data: { ref: REF, leadEmail: 'ana@example.com', at: AT } });
const placed = booking({ type: 'BookingPlaced', data: bookingPlaced({ lead: { name: 'Ana Lima', email: ' Ana@Example.com', phone: '+351912345678' } }) });
const confirmed = booking({ type: 'BookingConfirmed', data: { ref: REF, at: AT } });
const paidWhenBooking = payment({ type: 'PaymentArranged', data: { ref: REF, method: null, status: 'paid', dueAt: null, onArrival: null, paid: usd(10000) } });

describe('bookings projector', () => {
  describe('holds', () => {
    it('keeps a placed hold as the expiry sweep reads it (its quote stays in the hold stream)', async () => {
      const projected = await project(bookingsProjector, [holdPlacedEvent]);
      expect(await projected.docs('holds')).to.deep.equal([
        {
          _id: REF,
          storefront_id: 'sf-1',
          seller_id: 'seller-1',
          product_id: 'prod-1',
          option_id: 'opt-1',
          start: '2026-06-10T09:00',
          places: 2,
          hold_expires_at: '2026-05-01T10:15:00.000Z',
          placed_at: '2026-05-01T10:00:00.000Z',
          status: 'on_hold',
        },
      ]);
    });

    it('follows the hold: checked out, booked, or expired', async () => {
      expect((await (await project(bookingsProjector, [holdPlacedEvent, checkedOut])).doc('holds', REF))?.status).to.equal('checked_out');
      expect((await (await project(bookingsProjector, [holdPlacedEvent, checkedOut, placed])).doc('holds', REF))?.status).to.equal('booked');
      const expired = hold({ type: 'HoldExpired', data: { ref: REF, at: AT } });
      expect((await (await project(bookingsProjector, [holdPlacedEvent, expired])).doc('holds', REF))?.status).to.equal('expired');
    });

    it('marks an abandoned checkout once its places are back, and ignores other releases', async () => {
      expect((await (await project(bookingsProjector, [holdPlacedEvent, checkedOut, released('abandoned')])).doc('holds', REF))?.status).to.equal('abandoned');
      expect((await (await project(bookingsProjector, [holdPlacedEvent, checkedOut, released('expired')])).doc('holds', REF))?.status).to.equal('checked_out');
    });
  });

  describe('bookings', () => {
    it("keeps a placed and confirmed booking with its payment, in the read model's snake_case", async () => {
      const projected = await project(bookingsProjector, [holdPlacedEvent, checkedOut, placed, confirmed, paidWhenBooking]);
      expect(await projected.docs('bookings')).to.deep.equal([
        {
          _id: REF,
          storefront_id: 'sf-1',
          seller_id: 'seller-1',
          product_id: 'prod-1',
          option_id: 'opt-1',
          start: '2026-06-10T09:00',
          timezone: 'Europe/Lisbon',
          pax: 2,
          trip: { title: 'Old town walk', option: 'Standard', product_id: 'prod-1' },
          quote: soldQuote(10000),
          policy: MODERATE,
          lead_email: 'ana@example.com',
          booking_token_hash: 'b'.repeat(64),
          contact_token_hash: 'c'.repeat(64),
          placed_at: '2026-05-01T10:00:00.000Z',
          hold_expires_at: null,
          rejection_reason: null,
          reject_code: null,
          details_needed: false,
          status: 'confirmed',
          pending_expires_at: null,
          cancellation: null,
          payment: { method: null, status: 'paid', due_at: null, on_arrival: null, paid: usd(10000), refunded: usd(0) },
        },
      ]);
    });

    it('keeps a pending request with when it lapses', async () => {
      const pending = booking({ type: 'BookingPending', data: { ref: REF, expiresAt: '2026-05-03T10:00:00.000Z', at: AT } });
      const projected = await project(bookingsProjector, [placed, pending]);
      expect(await projected.doc('bookings', REF)).to.deep.include({ status: 'pending', pending_expires_at: '2026-05-03T10:00:00.000Z' });
    });

    it('keeps what to bring on arrival and the payment deadline', async () => {
      const arranged = payment({
        type: 'PaymentArranged',
        data: {
          ref: REF,
          method: 'pay_on_arrival',
          status: 'pay_on_arrival',
          dueAt: '2026-06-09T09:00:00.000Z',
          onArrival: { amount: 9137, currency: 'EUR' },
          paid: usd(0),
        },
      });
      const projected = await project(bookingsProjector, [placed, confirmed, arranged]);
      expect((await projected.doc('bookings', REF))?.payment).to.deep.equal({
        method: 'pay_on_arrival',
        status: 'pay_on_arrival',
        due_at: '2026-06-09T09:00:00.000Z',
        on_arrival: { amount: 9137, currency: 'EUR' },
        paid: usd(0),
        refunded: usd(0),
      });
    });

    it('keeps a cancellation with its refund, and the payment refunded', async () => {
      const cancelled = booking({
        type: 'BookingCancelled',
        data: { ref: REF, by: 'traveller', refundPct: 50, refund: usd(5000), reason: 'plans changed', at: AT },
      });
      const refunded = payment({ type: 'PaymentRefunded', data: { ref: REF, refund: usd(5000), refunded: usd(5000), status: 'paid', at: AT } });
      const projected = await project(bookingsProjector, [placed, confirmed, paidWhenBooking, cancelled, refunded]);
      const doc = await projected.doc('bookings', REF);
      expect(doc).to.deep.include({ status: 'cancelled', cancellation: { by: 'traveller', refund_pct: 50, refund: usd(5000) } });
      expect(doc?.payment).to.deep.include({ status: 'paid', refunded: usd(5000) });
    });

    it('owes nothing more once an unpaid payment is cancelled', async () => {
      const arranged = payment({
        type: 'PaymentArranged',
        data: { ref: REF, method: 'payment_link', status: 'unpaid', dueAt: '2026-06-09T09:00:00.000Z', onArrival: null, paid: usd(0) },
      });
      const cancelled = payment({ type: 'PaymentCancelled', data: { ref: REF, at: AT } });
      const projected = await project(bookingsProjector, [placed, confirmed, arranged, cancelled]);
      expect((await projected.doc('bookings', REF))?.payment).to.deep.equal({
        method: 'payment_link',
        status: 'cancelled',
        due_at: null,
        on_arrival: null,
        paid: usd(0),
        refunded: usd(0),
      });
    });
  });
});
