import { type Refusal, conflict, notFound } from '../shared/refusal';
import type { Payment, PaymentEvent, PaymentStatus } from './events';

/** The seller sends the traveller a link to pay (their payment provider's page) for a booking paid by payment link. */
export type SendPaymentLink = { type: 'SendPaymentLink'; ref: string; url: string; bookingStatus: string; now: Date };

/** Money asked for and still to come in: only then is a link to pay worth sending. */
const STILL_DUE: readonly PaymentStatus[] = ['unpaid', 'part_paid', 'proof_submitted'];

/**
 * A link to pay is sent for a pending or confirmed booking paid by payment link whose money has been
 * asked for (at checkout, or once the seller accepted the request) and has not all come in. The
 * same link again is sent once (nothing happens); another link replaces it and is sent.
 */
export function sendPaymentLink(command: SendPaymentLink, state: Payment): PaymentEvent[] | Refusal {
  if (state.status === 'none') return notFound('booking');
  const { ref, url } = command;
  if (state.link?.url === url) return [];
  if (command.bookingStatus !== 'pending' && command.bookingStatus !== 'confirmed') {
    return conflict('booking_not_open', `a ${command.bookingStatus} booking takes no link to pay`, { ref, booking_status: command.bookingStatus });
  }
  if (state.method !== 'payment_link') {
    return conflict('payment_not_by_link', 'only a booking paid by payment link is sent a link to pay', { ref, method: state.method });
  }
  if (!STILL_DUE.includes(state.status)) {
    return conflict('payment_not_due', `the payment is ${state.status}: there is nothing to pay by link`, { ref, payment_status: state.status });
  }
  if (state.dueAt === null) {
    return conflict('payment_not_requested', 'this request waits for your answer: accept it (POST .../accept) before sending a link to pay', { ref });
  }
  return [{ type: 'PaymentLinkSent', data: { ref, url, at: command.now.toISOString() } }];
}
