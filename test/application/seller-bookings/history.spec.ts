import { expect } from 'chai';
import type { RecordedEvent } from '../../../application/platform/ports/event-store';
import { bookingEvents, historyOf } from '../../../application/seller-bookings/history';

const REF = 'TP-AAAA-AAAA';
let position = 0;
const recorded = (streamId: string, type: string, data: Record<string, unknown>, at = '2026-11-22T08:00:00.000Z'): RecordedEvent => ({
  id: `e${++position}`,
  streamId,
  revision: 0,
  position,
  type,
  data,
  metadata: { at, correlationId: 'req-1' },
  recordedAt: at,
});

describe("a booking's history as its seller reads it", () => {
  const hold = recorded(`hold-${REF}`, 'HoldPlaced', { ref: REF, placedAt: '2026-11-22T07:59:00.000Z', expiresAt: '2026-11-22T08:14:00.000Z' });
  const placed = recorded(`booking-${REF}`, 'BookingPlaced', {
    ref: REF,
    placedAt: '2026-11-22T08:00:00.000Z',
    paymentMethod: 'bank_transfer',
    bookingTokenHash: 'b'.repeat(64),
    lead: { email: 'ana@example.com' },
  });
  const pending = recorded(`booking-${REF}`, 'BookingPending', { ref: REF, expiresAt: '2026-11-24T08:00:00.000Z', at: '2026-11-22T08:00:00.000Z' });
  const code = recorded(`contact-${REF}`, 'ContactChangeRequested', {
    ref: REF,
    changeId: 'c-1',
    field: 'email',
    codeHash: 'x'.repeat(64),
    at: '2026-11-22T08:05:00.000Z',
  });
  const rejected = recorded(`booking-${REF}`, 'BookingRejected', {
    ref: REF,
    reason: 'the seller left',
    code: 'seller_unavailable',
    at: '2026-11-22T09:00:00.000Z',
  });
  const future = recorded(`payment-${REF}`, 'PaymentLinkOpened', { ref: REF, linkId: 'secret-id' }, '2026-11-22T09:30:00.000Z');

  it('reads every stream of the booking and lists their events in the order the log recorded them', async () => {
    const streams: Record<string, RecordedEvent[]> = {
      [`hold-${REF}`]: [hold],
      [`booking-${REF}`]: [placed, pending, rejected],
      [`contact-${REF}`]: [code],
      [`payment-${REF}`]: [future],
    };
    const events = await bookingEvents({ events: { readStream: async (id: string) => streams[id] ?? [] } }, REF);
    expect(events.map((e) => e.id)).to.deep.equal([hold, placed, pending, code, rejected, future].map((e) => e.id));
  });

  it('shows public names and the fields that say what happened, never ids, digests or codes', () => {
    const history = historyOf([hold, placed, pending, code, rejected]);
    expect(history).to.deep.equal([
      { type: 'hold.placed', at: '2026-11-22T07:59:00.000Z', expires_at: '2026-11-22T08:14:00.000Z' },
      { type: 'booking.placed', at: '2026-11-22T08:00:00.000Z', method: 'bank_transfer' },
      { type: 'booking.requested', at: '2026-11-22T08:00:00.000Z', expires_at: '2026-11-24T08:00:00.000Z' },
      { type: 'contact.change_requested', at: '2026-11-22T08:05:00.000Z', field: 'email' },
      { type: 'booking.rejected', at: '2026-11-22T09:00:00.000Z', by: 'platform', reason: 'the seller left' },
    ]);
    const text = JSON.stringify(history);
    for (const hidden of ['Hash', 'c-1', 'ana@example.com', 'seller_unavailable']) expect(text).not.to.include(hidden);
  });

  it('shows an event it does not know yet by its stream and snake_case name, with its time only', () => {
    expect(historyOf([future])).to.deep.equal([{ type: 'payment.payment_link_opened', at: '2026-11-22T09:30:00.000Z' }]);
  });
});
