import { Decider, assertNever } from '../shared/decider';
import type { Money } from '../shared/money';
import type { PaymentMethodKind } from '../catalog/definitions';
import { Refusal } from '../shared/refusal';

/**
 * Money in and out of one booking. With no way to pay set up on the site, what is due
 * now is settled when booking (spec 2.6: due_now is paid when booking).
 */
export type PaymentEvent =
  | {
      type: 'PaymentArranged';
      data: { ref: string; method: PaymentMethodKind | null; status: PaymentStatus; due_at: string | null; on_arrival: Money | null; paid: Money };
    }
  | { type: 'PaymentRefunded'; data: { ref: string; refund: Money; /** Refunded so far, this refund included. */ refunded: Money; status: PaymentStatus; at: string } }
  /** A cancelled booking that had nothing paid yet owes nothing any more (no amount to bring, no link to pay). */
  | { type: 'PaymentCancelled'; data: { ref: string; at: string } };

export type PaymentStatus = 'paid' | 'unpaid' | 'pay_on_arrival' | 'refunded' | 'cancelled';

export type Payment =
  | { status: 'none' }
  | { status: PaymentStatus; method: PaymentMethodKind | null; due_at: string | null; on_arrival: Money | null; paid: Money; refunded: Money };

export type PaymentCommand =
  | { type: 'ArrangePayment'; ref: string; method: PaymentMethodKind | null; due_now: Money; on_arrival: Money | null; due_at: string | null }
  /** `refund` is the total this booking's cancellation gives back: repeating the command refunds nothing more. */
  | { type: 'RefundPayment'; ref: string; refund: Money; now: Date }
  | { type: 'CancelUnpaid'; ref: string; now: Date };

export function evolvePayment(state: Payment, event: PaymentEvent): Payment {
  switch (event.type) {
    case 'PaymentArranged':
      return { ...event.data, refunded: { amount: 0, currency: event.data.paid.currency } };
    case 'PaymentRefunded':
      if (state.status === 'none') return state;
      return { ...state, refunded: event.data.refunded, status: event.data.status };
    case 'PaymentCancelled':
      if (state.status === 'none') return state;
      return { ...state, status: 'cancelled', on_arrival: null, due_at: null };
  }
}

export function decidePayment(command: PaymentCommand, state: Payment): PaymentEvent[] | Refusal {
  switch (command.type) {
    case 'ArrangePayment': {
      if (state.status !== 'none') return [];
      const settledNow = command.method === null;
      const status: PaymentStatus = settledNow ? 'paid' : command.method === 'pay_on_arrival' ? 'pay_on_arrival' : 'unpaid';
      const paid = { amount: settledNow ? command.due_now.amount : 0, currency: command.due_now.currency };
      return [{ type: 'PaymentArranged', data: { ref: command.ref, method: command.method, status, due_at: command.due_at, on_arrival: command.on_arrival, paid } }];
    }
    case 'RefundPayment': {
      if (state.status === 'none' || command.refund.amount <= 0) return [];
      // What is still owed of the cancellation's refund, and never more than came in.
      const amount = Math.min(state.paid.amount, command.refund.amount) - state.refunded.amount;
      if (amount <= 0) return [];
      const currency = command.refund.currency;
      const refunded = { amount: state.refunded.amount + amount, currency };
      // Everything that came in went back: the payment now stands refunded.
      const status: PaymentStatus = refunded.amount >= state.paid.amount ? 'refunded' : state.status;
      return [{ type: 'PaymentRefunded', data: { ref: command.ref, refund: { amount, currency }, refunded, status, at: command.now.toISOString() } }];
    }
    case 'CancelUnpaid':
      if ((state.status !== 'pay_on_arrival' && state.status !== 'unpaid') || state.paid.amount > 0) return [];
      return [{ type: 'PaymentCancelled', data: { ref: command.ref, at: command.now.toISOString() } }];
    default:
      return assertNever(command);
  }
}

export const paymentDecider: Decider<PaymentCommand, PaymentEvent, Payment> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolvePayment,
  decide: decidePayment,
};

export const paymentStream = (ref: string): string => `payment-${ref}`;

/** What has come in and stays in: the base of a refund. */
export function paidAmount(state: Payment): number {
  return state.status === 'none' ? 0 : state.paid.amount - state.refunded.amount;
}
