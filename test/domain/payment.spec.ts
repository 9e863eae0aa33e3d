import { expect } from 'chai';
import { PaymentEvent, outstanding, paidAmount, paymentDecider } from '../../domain/payment';
import { at } from './fixtures';
import { fold, given } from './given-when-then';

const NOW = at('2026-05-01T10:00:00.000Z');
const REF = 'TP-AAAA-AAAA';
const eur = (amount: number) => ({ amount, currency: 'EUR' });

const arranged = (data: Partial<Extract<PaymentEvent, { type: 'PaymentArranged' }>['data']> = {}): PaymentEvent => ({
  type: 'PaymentArranged',
  data: { ref: REF, method: null, status: 'paid', dueAt: null, onArrival: null, paid: eur(9137), due: eur(9137), ...data },
});
/** Paid 9137 in the fixtures: the payment stands refunded once all of it went back. */
const refunded = (refund: number, total: number, when = NOW): PaymentEvent => ({
  type: 'PaymentRefunded',
  data: { ref: REF, refund: eur(refund), refunded: eur(total), status: total >= 9137 ? 'refunded' : 'paid', at: when.toISOString() },
});

describe('payment decider', () => {
  describe('ArrangePayment', () => {
    it('collects nothing when the site has no way to pay set up: not_collected, nothing paid', () => {
      given(paymentDecider)
        .when({ type: 'ArrangePayment', ref: REF, method: null, dueNow: eur(9137), onArrival: null, dueAt: null })
        .then([arranged({ status: 'not_collected', paid: eur(0) })]);
    });

    it('keeps the account to pay into for a bank transfer, and only for one', () => {
      const bank = { account_name: 'Atlas Trails SARL', iban: 'MA64011519000001205000534921', bic: 'BCMAMAMC', bank_name: 'Attijariwafa' };
      const dueAt = '2026-05-08T10:00:00.000Z';
      given(paymentDecider)
        .when({ type: 'ArrangePayment', ref: REF, method: 'bank_transfer', dueNow: eur(9137), onArrival: null, dueAt, bank })
        .then([
          {
            type: 'PaymentArranged',
            data: { ...(arranged({ method: 'bank_transfer', status: 'unpaid', dueAt, paid: eur(0) }).data as object), bank },
          } as PaymentEvent,
        ]);
      given(paymentDecider)
        .when({ type: 'ArrangePayment', ref: REF, method: 'payment_link', dueNow: eur(9137), onArrival: null, dueAt, bank })
        .then([arranged({ method: 'payment_link', status: 'unpaid', dueAt, paid: eur(0) })]);
    });

    it('pay_on_arrival: nothing paid now, the amount to bring on arrival', () => {
      given(paymentDecider)
        .when({ type: 'ArrangePayment', ref: REF, method: 'pay_on_arrival', dueNow: eur(9137), onArrival: eur(9137), dueAt: null })
        .then([arranged({ method: 'pay_on_arrival', status: 'pay_on_arrival', onArrival: eur(9137), paid: eur(0) })]);
    });

    it('payment_link and bank transfer are unpaid with a deadline', () => {
      for (const method of ['payment_link', 'bank_transfer'] as const) {
        given(paymentDecider)
          .when({ type: 'ArrangePayment', ref: REF, method, dueNow: eur(9137), onArrival: null, dueAt: '2026-05-08T10:00:00.000Z' })
          .then([arranged({ method, status: 'unpaid', dueAt: '2026-05-08T10:00:00.000Z', paid: eur(0) })]);
      }
    });

    it('appends nothing when arranged again', () => {
      given(paymentDecider, [arranged()])
        .when({ type: 'ArrangePayment', ref: REF, method: null, dueNow: eur(9137), onArrival: null, dueAt: null })
        .thenNothing();
    });
  });

  describe('a site that takes no payment', () => {
    const notCollected = arranged({ status: 'not_collected', paid: eur(0) });

    it('refunds nothing on a cancellation: no money came in', () => {
      given(paymentDecider, [notCollected])
        .when({ type: 'RefundPayment', ref: REF, refund: eur(9137), now: NOW })
        .thenNothing();
      expect(paidAmount(fold(paymentDecider, [notCollected]))).to.equal(0);
    });

    it('owes nothing more once cancelled', () => {
      given(paymentDecider, [notCollected])
        .when({ type: 'CancelUnpaid', ref: REF, now: NOW })
        .then([{ type: 'PaymentCancelled', data: { ref: REF, at: NOW.toISOString() } }]);
    });
  });

  describe('MovePaymentDue', () => {
    const dueAt = '2026-05-08T10:00:00.000Z';
    const later = '2026-05-15T10:00:00.000Z';
    const asked = arranged({ method: 'bank_transfer', status: 'unpaid', dueAt, paid: eur(0) });
    const move = { type: 'MovePaymentDue' as const, ref: REF, dueAt: later, now: NOW };

    it('moves the due date of money asked for and still to come; the same date again changes nothing', () => {
      const dueMoved: PaymentEvent = { type: 'PaymentDueMoved', data: { ref: REF, dueAt: later, at: NOW.toISOString() } };
      given(paymentDecider, [asked]).when(move).then([dueMoved]);
      expect(fold(paymentDecider, [asked, dueMoved])).to.deep.include({ dueAt: later });
      given(paymentDecider, [asked, dueMoved]).when(move).thenNothing();
    });

    it('leaves alone money not asked for yet (a request to be accepted), paid on arrival, or paid already', () => {
      given(paymentDecider, [arranged({ method: 'payment_link', status: 'unpaid', dueAt: null, paid: eur(0) })])
        .when(move)
        .thenNothing();
      given(paymentDecider, [arranged({ method: 'pay_on_arrival', status: 'pay_on_arrival', onArrival: eur(9137), paid: eur(0) })])
        .when(move)
        .thenNothing();
      given(paymentDecider, [arranged({ method: 'bank_transfer', status: 'paid', dueAt })])
        .when(move)
        .thenNothing();
    });
  });

  describe('CancelUnpaid', () => {
    it('owes nothing more once a booking paid on arrival is cancelled', () => {
      given(paymentDecider, [arranged({ method: 'pay_on_arrival', status: 'pay_on_arrival', onArrival: eur(9137), paid: eur(0) })])
        .when({ type: 'CancelUnpaid', ref: REF, now: NOW })
        .then([{ type: 'PaymentCancelled', data: { ref: REF, at: NOW.toISOString() } }]);
    });

    it('closes a part payment of a booking that ended: nothing more is outstanding, what came in and went back stay', () => {
      const part = arranged({ method: 'bank_transfer', status: 'unpaid', paid: eur(0) });
      const received: PaymentEvent = {
        type: 'PaymentReceived',
        data: { ref: REF, paymentId: 'p1', amount: eur(4000), paid: eur(4000), status: 'part_paid', reference: null, at: NOW.toISOString() },
      };
      const halfBack: PaymentEvent = {
        type: 'PaymentRefunded',
        data: { ref: REF, refund: eur(2000), refunded: eur(2000), status: 'part_paid', at: NOW.toISOString() },
      };
      given(paymentDecider, [part, received, halfBack])
        .when({ type: 'CancelUnpaid', ref: REF, now: NOW })
        .then([{ type: 'PaymentCancelled', data: { ref: REF, at: NOW.toISOString() } }]);
      const closed = fold(paymentDecider, [part, received, halfBack, { type: 'PaymentCancelled', data: { ref: REF, at: NOW.toISOString() } }]);
      expect(closed).to.deep.include({ status: 'cancelled', paid: eur(4000), refunded: eur(2000), dueAt: null });
      expect(outstanding(closed)).to.deep.equal(eur(0));
      expect(outstanding(fold(paymentDecider, [part, received, halfBack]))).to.deep.equal(eur(5137));
    });

    it('leaves a paid booking to its refund, and cancels once', () => {
      given(paymentDecider, [arranged()]).when({ type: 'CancelUnpaid', ref: REF, now: NOW }).thenNothing();
      given(paymentDecider, [
        arranged({ method: 'payment_link', status: 'unpaid', paid: eur(0) }),
        { type: 'PaymentCancelled', data: { ref: REF, at: NOW.toISOString() } },
      ])
        .when({ type: 'CancelUnpaid', ref: REF, now: NOW })
        .thenNothing();
    });
  });

  describe('RefundPayment', () => {
    it('refunds part of what was paid', () => {
      given(paymentDecider, [arranged()])
        .when({ type: 'RefundPayment', ref: REF, refund: eur(4569), now: NOW })
        .then([refunded(4569, 4569)]);
    });

    it('never gives back more than came in', () => {
      given(paymentDecider, [arranged(), refunded(4569, 4569)])
        .when({ type: 'RefundPayment', ref: REF, refund: eur(9137), now: NOW })
        .then([refunded(4568, 9137)]);
      given(paymentDecider, [arranged(), refunded(9137, 9137)])
        .when({ type: 'RefundPayment', ref: REF, refund: eur(1), now: NOW })
        .thenNothing();
    });

    it('refunds a cancellation once: the same refund again gives nothing more', () => {
      given(paymentDecider, [arranged(), refunded(4569, 4569)])
        .when({ type: 'RefundPayment', ref: REF, refund: eur(4569), now: NOW })
        .thenNothing();
    });

    it('refunds nothing when nothing came in (pay on arrival)', () => {
      given(paymentDecider, [arranged({ method: 'pay_on_arrival', status: 'pay_on_arrival', paid: eur(0) })])
        .when({ type: 'RefundPayment', ref: REF, refund: eur(100), now: NOW })
        .thenNothing();
    });

    it('appends nothing for a zero refund or an unknown payment', () => {
      given(paymentDecider, [arranged()])
        .when({ type: 'RefundPayment', ref: REF, refund: eur(0), now: NOW })
        .thenNothing();
      given(paymentDecider)
        .when({ type: 'RefundPayment', ref: REF, refund: eur(100), now: NOW })
        .thenNothing();
    });
  });

  it('paidAmount is what came in and stays in', () => {
    expect(paidAmount(fold(paymentDecider, []))).to.equal(0);
    expect(paidAmount(fold(paymentDecider, [arranged()]))).to.equal(9137);
    expect(paidAmount(fold(paymentDecider, [arranged(), refunded(4569, 4569)]))).to.equal(4568);
  });
});
