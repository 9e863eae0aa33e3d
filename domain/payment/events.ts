import type { Event } from '../shared/decider';
import type { Money } from '../shared/money';
import type { PaymentMethodDefinition, PaymentMethodKind } from '../catalog/definitions';

/** Where a bank transfer goes: the seller's account as its way to pay names it. */
export type BankAccount = NonNullable<PaymentMethodDefinition['bank']>;

/**
 * `not_collected`: the site takes no payment through us (no way to pay set up), so nothing is shown
 * as paid and nothing is promised back. `part_paid`: some of what is due came in.
 */
export type PaymentStatus = 'paid' | 'unpaid' | 'part_paid' | 'pay_on_arrival' | 'proof_submitted' | 'not_collected' | 'refunded' | 'cancelled';

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
    /** What is due in all: absent on payments arranged before it was recorded. */
    due?: Money;
    /** The account to pay into, for bank_transfer; absent before it was recorded and for other ways to pay. */
    bank?: BankAccount | null;
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

/** A booking that ended before all that was due came in owes nothing any more (no amount to bring, no link to pay, nothing outstanding). */
export type PaymentCancelled = Event<'PaymentCancelled', { ref: string; at: string }>;

/** The seller accepted a request paid by transfer or link: the money is now due by `dueAt`. */
export type PaymentRequested = Event<'PaymentRequested', { ref: string; dueAt: string; at: string }>;
/** The booking waiting for this money was moved to another start: the money is now due by `dueAt`, as long before the new start. */
export type PaymentDueMoved = Event<'PaymentDueMoved', { ref: string; dueAt: string; at: string }>;
/** The seller sent the traveller a link to pay (their payment provider's page) for a booking paid by payment link; a new link replaces the last. */
export type PaymentLinkSent = Event<'PaymentLinkSent', { ref: string; url: string; at: string }>;
/** The traveller uploaded a proof of payment (a transfer receipt) for the seller to check. */
export type PaymentProofSubmitted = Event<'PaymentProofSubmitted', { ref: string; receiptId: string; contentType: string; size: number; at: string }>;
/**
 * The seller recorded money received; `paid` is the total received so far, this payment included.
 * `onArrival`: what is left to bring on arrival after it (null once nothing is); absent on payments
 * with nothing to bring, and on those recorded before it was kept (then only a full payment cleared it).
 */
export type PaymentReceived = Event<
  'PaymentReceived',
  { ref: string; paymentId: string; amount: Money; paid: Money; status: PaymentStatus; reference: string | null; at: string; onArrival?: Money | null }
>;

export type PaymentEvent =
  PaymentArranged | PaymentRefunded | PaymentCancelled | PaymentRequested | PaymentDueMoved | PaymentLinkSent | PaymentProofSubmitted | PaymentReceived;

export type Payment =
  | { status: 'none' }
  | {
      status: PaymentStatus;
      method: PaymentMethodKind | null;
      dueAt: string | null;
      /** What is left to bring on arrival. */
      onArrival: Money | null;
      /** What was to be brought on arrival when the payment was arranged: what is left is the same share of it as is still due. */
      arrangedOnArrival: Money | null;
      paid: Money;
      refunded: Money;
      /** What is due in all (the quote's due now), to tell a part payment from a full one. */
      due?: Money;
      bank?: BankAccount | null;
      /** Proofs of payment the traveller sent, oldest first. */
      receipts: Receipt[];
      /** Payments the seller recorded, oldest first: a repeat of one (same id) is recognised. */
      received: ReceivedPayment[];
      /** The last link to pay the seller sent (payment_link), or null before one was sent. */
      link: SentLink | null;
    };

export interface SentLink {
  url: string;
  sentAt: string;
}

export interface Receipt {
  id: string;
  contentType: string;
  size: number;
  at: string;
}

export interface ReceivedPayment {
  id: string;
  amount: Money;
  reference: string | null;
  at: string;
}

export const initialPayment = (): Payment => ({ status: 'none' });

export function evolvePayment(state: Payment, event: PaymentEvent): Payment {
  switch (event.type) {
    case 'PaymentArranged': {
      const { method, status, dueAt, onArrival, paid, due, bank } = event.data;
      const refunded = { amount: 0, currency: paid.currency };
      return { method, status, dueAt, onArrival, arrangedOnArrival: onArrival, paid, refunded, due, bank, receipts: [], received: [], link: null };
    }
    case 'PaymentRefunded':
      if (state.status === 'none') return state;
      return { ...state, refunded: event.data.refunded, status: event.data.status };
    case 'PaymentCancelled':
      if (state.status === 'none') return state;
      return { ...state, status: 'cancelled', onArrival: null, dueAt: null };
    case 'PaymentRequested':
    case 'PaymentDueMoved':
      if (state.status === 'none') return state;
      return { ...state, dueAt: event.data.dueAt };
    case 'PaymentLinkSent':
      if (state.status === 'none') return state;
      return { ...state, link: { url: event.data.url, sentAt: event.data.at } };
    case 'PaymentProofSubmitted': {
      if (state.status === 'none') return state;
      const { receiptId: id, contentType, size, at } = event.data;
      return { ...state, status: 'proof_submitted', receipts: [...state.receipts, { id, contentType, size, at }] };
    }
    case 'PaymentReceived': {
      if (state.status === 'none') return state;
      const { paymentId: id, amount, reference, at } = event.data;
      // Older events: only a payment in full changed what is left to bring (nothing).
      const onArrival = event.data.onArrival !== undefined ? event.data.onArrival : event.data.status === 'paid' ? null : state.onArrival;
      return { ...state, status: event.data.status, paid: event.data.paid, onArrival, received: [...state.received, { id, amount, reference, at }] };
    }
  }
}

/** What has come in and stays in: the base of a refund. */
export function paidAmount(state: Payment): number {
  return state.status === 'none' ? 0 : state.paid.amount - state.refunded.amount;
}

/**
 * What is still to come in: what is due in all less what came in. A payment arranged before `due`
 * was recorded counts what it paid then as all that was due.
 */
export function outstanding(state: Payment): Money | null {
  if (state.status === 'none') return null;
  const due = state.due ?? state.paid;
  // Nothing more is asked of a payment closed or given back.
  if (state.status === 'cancelled' || state.status === 'refunded') return { amount: 0, currency: due.currency };
  return { amount: Math.max(0, due.amount - state.paid.amount), currency: due.currency };
}
