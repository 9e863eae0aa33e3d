import { assertNever } from '../shared/decider';
import type { Money } from '../shared/money';
import type { PaymentMethodKind } from '../catalog/definitions';
import { Refusal } from '../shared/refusal';
import { BankAccount, Payment, PaymentEvent, PaymentStatus } from './events';
import { RecordPayment, SubmitProof, recordPayment, submitProof } from './received';
import { SendPaymentLink, sendPaymentLink } from './link';

export type ArrangePayment = {
  type: 'ArrangePayment';
  ref: string;
  method: PaymentMethodKind | null;
  dueNow: Money;
  onArrival: Money | null;
  dueAt: string | null;
  /** The seller's account, for bank_transfer. */
  bank?: BankAccount | null;
};
/** `refund` is the total this booking's cancellation gives back: repeating the command refunds nothing more. */
export type RefundPayment = { type: 'RefundPayment'; ref: string; refund: Money; now: Date };
export type CancelUnpaid = { type: 'CancelUnpaid'; ref: string; now: Date };

/** The seller accepted a request: the money is now due by `dueAt`. Repeating it changes nothing. */
export type RequestPayment = { type: 'RequestPayment'; ref: string; dueAt: string; now: Date };

/** The booking was moved to another start: money already asked for is now due by `dueAt`. Repeating it changes nothing. */
export type MovePaymentDue = { type: 'MovePaymentDue'; ref: string; dueAt: string; now: Date };

export type PaymentCommand = ArrangePayment | RefundPayment | CancelUnpaid | RequestPayment | MovePaymentDue | SendPaymentLink | SubmitProof | RecordPayment;

/**
 * How a booking is paid. A site with no way to pay set up takes no money through us: the payment
 * is `not_collected` with nothing paid, so nothing is shown as paid and nothing is refunded.
 */
function arrangePayment(command: ArrangePayment, state: Payment): PaymentEvent[] {
  if (state.status !== 'none') return [];
  const status: PaymentStatus = command.method === null ? 'not_collected' : command.method === 'pay_on_arrival' ? 'pay_on_arrival' : 'unpaid';
  const paid = { amount: 0, currency: command.dueNow.currency };
  const bank = command.method === 'bank_transfer' ? (command.bank ?? null) : null;
  return [
    {
      type: 'PaymentArranged',
      data: {
        ref: command.ref,
        method: command.method,
        status,
        dueAt: command.dueAt,
        onArrival: command.onArrival,
        paid,
        due: command.dueNow,
        ...(bank ? { bank } : {}),
      },
    },
  ];
}

function refundPayment(command: RefundPayment, state: Payment): PaymentEvent[] {
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

/** Statuses of a payment still waiting for (some of) its money, or collected elsewhere: a booking that ended owes nothing more. */
const OPEN: readonly PaymentStatus[] = ['pay_on_arrival', 'unpaid', 'part_paid', 'proof_submitted', 'not_collected'];

/**
 * The end of a booking (cancelled, declined, lapsed) closes what was still to come in: the payment is
 * cancelled, nothing outstanding, nothing to bring, no deadline. What came in and what went back stay
 * as paid and refunded (a part payment keeps what the refund did not give back). Sent after the refund,
 * so a payment refunded in full stays refunded and one paid in full stays paid.
 */
function cancelUnpaid(command: CancelUnpaid, state: Payment): PaymentEvent[] {
  if (state.status === 'none' || !OPEN.includes(state.status)) return [];
  return [{ type: 'PaymentCancelled', data: { ref: command.ref, at: command.now.toISOString() } }];
}

function requestPayment(command: RequestPayment, state: Payment): PaymentEvent[] {
  if (state.status !== 'unpaid' || state.dueAt === command.dueAt) return [];
  return [{ type: 'PaymentRequested', data: { ref: command.ref, dueAt: command.dueAt, at: command.now.toISOString() } }];
}

/** Statuses of money asked for and still to come in: only then has a due date anything to say. */
const STILL_DUE: readonly PaymentStatus[] = ['unpaid', 'part_paid', 'proof_submitted'];

function movePaymentDue(command: MovePaymentDue, state: Payment): PaymentEvent[] {
  if (state.status === 'none' || state.dueAt === null || state.dueAt === command.dueAt || !STILL_DUE.includes(state.status)) return [];
  return [{ type: 'PaymentDueMoved', data: { ref: command.ref, dueAt: command.dueAt, at: command.now.toISOString() } }];
}

export function decidePayment(command: PaymentCommand, state: Payment): PaymentEvent[] | Refusal {
  switch (command.type) {
    case 'ArrangePayment':
      return arrangePayment(command, state);
    case 'RefundPayment':
      return refundPayment(command, state);
    case 'CancelUnpaid':
      return cancelUnpaid(command, state);
    case 'RequestPayment':
      return requestPayment(command, state);
    case 'MovePaymentDue':
      return movePaymentDue(command, state);
    case 'SendPaymentLink':
      return sendPaymentLink(command, state);
    case 'SubmitProof':
      return submitProof(command, state);
    case 'RecordPayment':
      return recordPayment(command, state);
    default:
      return assertNever(command);
  }
}
