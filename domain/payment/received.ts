import type { Money, Rounding } from '../shared/money';
import { leftOnArrival } from './rules';
import { Refusal, conflict, invalidInput, notFound } from '../shared/refusal';
import { Payment, PaymentEvent, PaymentStatus, outstanding } from './events';

/** The booking statuses whose money may still come in: a closed booking takes no receipt and no payment. */
const OPEN_BOOKING = ['pending', 'confirmed'];

/** A proof of payment (a transfer receipt) the traveller sent, already stored under `receiptId`. */
export type SubmitProof = {
  type: 'SubmitProof';
  ref: string;
  receiptId: string;
  contentType: string;
  size: number;
  /** The booking's status as it stands. */
  bookingStatus: string;
  now: Date;
};

/** Money the seller received for a booking (part or all of what is still due). */
export type RecordPayment = {
  type: 'RecordPayment';
  ref: string;
  /** Names this payment for good: the same id again (a retried request) records nothing more. */
  paymentId: string;
  amount: Money;
  reference: string | null;
  receivedAt: Date;
  bookingStatus: string;
  /** How the storefront rounds the currency of what is left to bring on arrival; not rounded beyond its minor unit when absent. */
  rounding?: Rounding;
  now: Date;
};

function bookingClosed(ref: string, bookingStatus: string, what: string): Refusal | null {
  if (OPEN_BOOKING.includes(bookingStatus)) return null;
  return conflict('booking_not_open', `a ${bookingStatus} booking takes no ${what}`, { ref, booking_status: bookingStatus });
}

/**
 * A receipt is taken while money is still due by bank transfer or payment link: not for a booking
 * paid on arrival or on a site that takes no payment, nor once it is paid, refunded or cancelled.
 * The same receipt twice changes nothing.
 */
export function submitProof(command: SubmitProof, state: Payment): PaymentEvent[] | Refusal {
  if (state.status === 'none') return notFound('booking');
  if (state.receipts.some((r) => r.id === command.receiptId)) return [];
  const closed = bookingClosed(command.ref, command.bookingStatus, 'receipt');
  if (closed) return closed;
  if (state.method !== 'bank_transfer' && state.method !== 'payment_link') {
    return conflict('payment_not_by_transfer', 'only a booking paid by bank transfer or payment link takes a receipt', {
      ref: command.ref,
      method: state.method,
    });
  }
  const due: readonly PaymentStatus[] = ['unpaid', 'part_paid', 'proof_submitted'];
  if (!due.includes(state.status)) {
    return conflict('payment_not_due', `the payment is ${state.status}: there is nothing to send a receipt for`, {
      ref: command.ref,
      payment_status: state.status,
    });
  }
  const { ref, receiptId, contentType, size } = command;
  return [{ type: 'PaymentProofSubmitted', data: { ref, receiptId, contentType, size, at: command.now.toISOString() } }];
}

function sameRequest(command: RecordPayment, state: Payment): boolean | null {
  if (state.status === 'none') return null;
  const earlier = state.received.find((p) => p.id === command.paymentId);
  if (!earlier) return null;
  return earlier.amount.amount === command.amount.amount && earlier.amount.currency === command.amount.currency && earlier.reference === command.reference;
}

/**
 * Money received, in the booking's currency and never more than is still due: `part_paid` until
 * all of it came in, then `paid`. Recorded once per payment id; the same id with another amount
 * or reference is a reused Idempotency-Key (409).
 */
export function recordPayment(command: RecordPayment, state: Payment): PaymentEvent[] | Refusal {
  if (state.status === 'none') return notFound('booking');
  const repeat = sameRequest(command, state);
  if (repeat === true) return [];
  if (repeat === false) {
    return conflict('idempotency_key_reused', 'this Idempotency-Key recorded another payment: use a new key for a new payment', { ref: command.ref });
  }
  const closed = bookingClosed(command.ref, command.bookingStatus, 'payment');
  if (closed) return closed;
  if (state.status === 'cancelled' || state.status === 'refunded') {
    return conflict('payment_closed', `the payment is ${state.status}: nothing more can be recorded`, { ref: command.ref, payment_status: state.status });
  }
  const left = outstanding(state) as Money;
  if (left.amount <= 0) return conflict('payment_complete', 'the booking is paid in full already', { ref: command.ref, payment_status: state.status });
  if (command.amount.currency !== left.currency) {
    return invalidInput([
      {
        reason: 'currency_mismatch',
        field: 'amount.currency',
        detail: `record the payment in the booking's currency, ${left.currency}`,
        details: { expected: left.currency },
      },
    ]);
  }
  if (command.amount.amount > left.amount) {
    return invalidInput([
      {
        reason: 'more_than_due',
        field: 'amount.amount',
        detail: `${command.amount.amount} is more than the ${left.amount} still due (minor units of ${left.currency})`,
        details: { outstanding: left },
      },
    ]);
  }
  if (command.receivedAt.getTime() > command.now.getTime()) {
    return invalidInput([{ reason: 'in_future', field: 'received_at', detail: 'received_at is in the future: give when the money came in' }]);
  }
  const paid = { amount: state.paid.amount + command.amount.amount, currency: left.currency };
  const status: PaymentStatus = command.amount.amount === left.amount ? 'paid' : 'part_paid';
  // What is left to bring on arrival shrinks with each payment (spec 2.8), to none once all came in.
  const onArrival = state.arrangedOnArrival ? { onArrival: leftOnArrival(state.arrangedOnArrival, state.due ?? left, paid, command.rounding) } : {};
  return [
    {
      type: 'PaymentReceived',
      data: {
        ref: command.ref,
        paymentId: command.paymentId,
        amount: command.amount,
        paid,
        status,
        reference: command.reference,
        at: command.receivedAt.toISOString(),
        ...onArrival,
      },
    },
  ];
}
