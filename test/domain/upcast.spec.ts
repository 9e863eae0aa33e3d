import { expect } from 'chai';
import { combineUpcasters, renameFields, upcast } from '../../domain/shared/upcast';
import { eventUpcasters } from '../../domain/shared/upcasters';

describe('upcasting old event payloads', () => {
  it('renames the old fields and leaves a current payload as it is', () => {
    expect(renameFields({ ref: 'TP-AAAA-AAAA', refund_pct: 50 }, { refund_pct: 'refundPct' })).to.deep.equal({ ref: 'TP-AAAA-AAAA', refundPct: 50 });
    const current = { ref: 'TP-AAAA-AAAA', refundPct: 50 };
    expect(renameFields(current, { refund_pct: 'refundPct' })).to.equal(current);
  });

  it('never lets an old name overwrite a current one', () => {
    expect(renameFields({ refund_pct: 10, refundPct: 50 }, { refund_pct: 'refundPct' })).to.deep.equal({ refundPct: 50 });
  });

  it('refuses two upcasters for one event type', () => {
    const one = { BookingCancelled: (d: Record<string, unknown>) => d };
    expect(() => combineUpcasters(one, one)).to.throw(/BookingCancelled/);
  });

  it('reads BookingCancelled, BookingPlaced and PaymentArranged as written before camelCase in the current shape', () => {
    expect(
      upcast(eventUpcasters, 'BookingCancelled', {
        ref: 'TP-AAAA-AAAA',
        by: 'traveller',
        refund_pct: 100,
        refund: { amount: 9000, currency: 'USD' },
        reason: null,
        at: 'x',
      }),
    ).to.deep.equal({ ref: 'TP-AAAA-AAAA', by: 'traveller', refundPct: 100, refund: { amount: 9000, currency: 'USD' }, reason: null, at: 'x' });
    expect(upcast(eventUpcasters, 'BookingPlaced', { ref: 'TP-AAAA-AAAA', trip: { title: 'Walk', option: 'Standard', product_id: 'prod-1' } })).to.deep.equal({
      ref: 'TP-AAAA-AAAA',
      trip: { title: 'Walk', option: 'Standard', productId: 'prod-1' },
    });
    expect(
      upcast(eventUpcasters, 'PaymentArranged', {
        ref: 'TP-AAAA-AAAA',
        method: 'pay_on_arrival',
        status: 'pay_on_arrival',
        due_at: null,
        on_arrival: { amount: 100, currency: 'EUR' },
        paid: { amount: 0, currency: 'EUR' },
      }),
    ).to.deep.equal({
      ref: 'TP-AAAA-AAAA',
      method: 'pay_on_arrival',
      status: 'pay_on_arrival',
      dueAt: null,
      onArrival: { amount: 100, currency: 'EUR' },
      paid: { amount: 0, currency: 'EUR' },
    });
  });

  it('passes every other event through untouched', () => {
    const data = { ref: 'TP-AAAA-AAAA', places: 2 };
    expect(upcast(eventUpcasters, 'PlacesHeld', data)).to.equal(data);
  });
});
