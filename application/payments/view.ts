import type { Booking } from '../../domain/booking';
import { type Payment, outstanding } from '../../domain/payment';
import type { Money } from '../../domain/shared/money';

/** A booking's money as its seller sees it: what is due, what came in, the traveller's receipts and the payments recorded. */
export interface SellerPaymentView {
  ref: string;
  booking_status: string;
  payment: {
    method: string | null;
    status: string;
    due_at: string | null;
    due: Money | null;
    paid: Money;
    refunded: Money;
    outstanding: Money | null;
    receipts: { id: string; content_type: string; size: number; received_at: string }[];
    payments: { id: string; amount: Money; reference: string | null; received_at: string }[];
    link: { url: string; sent_at: string } | null;
  };
}

const ENDED: readonly string[] = ['cancelled', 'rejected', 'lapsed'];

export function sellerPaymentView(ref: string, booking: Booking, payment: Payment): SellerPaymentView | null {
  if (booking.status === 'none' || payment.status === 'none') return null;
  return {
    ref,
    booking_status: booking.status === 'placed' ? 'pending' : booking.status,
    payment: {
      method: payment.method,
      status: payment.status,
      due_at: payment.dueAt,
      due: payment.due ?? null,
      paid: payment.paid,
      refunded: payment.refunded,
      // A booking that ended owes nothing more, whatever its payment recorded before its end was followed up.
      outstanding: ENDED.includes(booking.status) ? { amount: 0, currency: payment.paid.currency } : outstanding(payment),
      receipts: payment.receipts.map((r) => ({ id: r.id, content_type: r.contentType, size: r.size, received_at: r.at })),
      payments: payment.received.map((p) => ({ id: p.id, amount: p.amount, reference: p.reference, received_at: p.at })),
      link: payment.link ? { url: payment.link.url, sent_at: payment.link.sentAt } : null,
    },
  };
}
