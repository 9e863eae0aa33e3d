import type { Event } from '../shared/decider';
import type { Money } from '../shared/money';
import type { PaymentMethodKind } from '../catalog/definitions';

export type PaymentStatus = 'paid' | 'unpaid' | 'pay_on_arrival' | 'refunded' | 'cancelled';

/**
 * How one booking is paid. With no way to pay set up on the site, what is due now is
 * settled when booking (spec 2.6: due_now is paid when booking).
 */
export type PaymentArranged = Event<
  'PaymentArranged',
  {
    ref: string;
    method: PaymentMethodKind | null;
    status: PaymentStatus;
    /** When the money must have come in; null when it is paid now or on the day. */
    dueAt: string | null;
    /** The amount to bring on arrival, for pay_on_arrival. */
    onArrival: Money | null;
    paid: Money;
  }
>;

export type PaymentRefunded = Event<
  'PaymentRefunded',
  {
    ref: string;
    refund: Money;
    /** Refunded so far, this refund included. */
    refunded: Money;
    status: PaymentStatus;
    at: string;
  }
>;

/** A cancelled booking that had nothing paid yet owes nothing any more (no amount to bring, no link to pay). */
export type PaymentCancelled = Event<'PaymentCancelled', { ref: string; at: string }>;

export type PaymentEvent = PaymentArranged | PaymentRefunded | PaymentCancelled;

export type Payment =
  { status: 'none' } | { status: PaymentStatus; method: PaymentMethodKind | null; dueAt: string | null; onArrival: Money | null; paid: Money; refunded: Money };

export const initialPayment = (): Payment => ({ status: 'none' });

export function evolvePayment(state: Payment, event: PaymentEvent): Payment {
  switch (event.type) {
    case 'PaymentArranged': {
      const { method, status, dueAt, onArrival, paid } = event.data;
      return { method, status, dueAt, onArrival, paid, refunded: { amount: 0, currency: paid.currency } };
    }
    case 'PaymentRefunded':
      if (state.status === 'none') return state;
      return { ...state, refunded: event.data.refunded, status: event.data.status };
    case 'PaymentCancelled':
      if (state.status === 'none') return state;
      return { ...state, status: 'cancelled', onArrival: null, dueAt: null };
  }
}

/** What has come in and stays in: the base of a refund. */
export function paidAmount(state: Payment): number {
  return state.status === 'none' ? 0 : state.paid.amount - state.refunded.amount;
}
