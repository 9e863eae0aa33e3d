import { PaymentEvent, paymentDecider } from '../../domain/payment';
import { at } from './fixtures';
import { given } from './given-when-then';

const NOW = at('2026-05-01T10:00:00.000Z');
const REF = 'TP-LINK-0001';
const eur = (amount: number) => ({ amount, currency: 'EUR' });
const URL = 'https://pay.example/c/1';

const byLink = (dueAt: string | null = '2026-05-08T10:00:00.000Z', method: 'payment_link' | 'bank_transfer' = 'payment_link'): PaymentEvent => ({
  type: 'PaymentArranged',
  data: { ref: REF, method, status: 'unpaid', dueAt, onArrival: null, paid: eur(0), due: eur(9137) },
});
const linkSent = (url = URL): PaymentEvent => ({ type: 'PaymentLinkSent', data: { ref: REF, url, at: NOW.toISOString() } });
const send = (url = URL, bookingStatus = 'pending') => ({ type: 'SendPaymentLink' as const, ref: REF, url, bookingStatus, now: NOW });

describe('payment decider: the link to pay', () => {
  it('sends a link for money asked for; the same link again sends nothing, another one is sent', () => {
    given(paymentDecider, [byLink()]).when(send()).then([linkSent()]);
    given(paymentDecider, [byLink(), linkSent()]).when(send()).thenNothing();
    given(paymentDecider, [byLink(), linkSent()])
      .when(send('https://pay.example/c/2'))
      .then([linkSent('https://pay.example/c/2')]);
  });

  it('refuses another way to pay, a request not accepted yet, money all in, and a closed booking', () => {
    given(paymentDecider, [byLink(undefined, 'bank_transfer')])
      .when(send())
      .thenRefused('Conflict', { reason: 'payment_not_by_link' });
    given(paymentDecider, [byLink(null)])
      .when(send())
      .thenRefused('Conflict', { reason: 'payment_not_requested' });
    const paid: PaymentEvent = {
      type: 'PaymentReceived',
      data: { ref: REF, paymentId: 'p1', amount: eur(9137), paid: eur(9137), status: 'paid', reference: null, at: NOW.toISOString() },
    };
    given(paymentDecider, [byLink(), paid]).when(send()).thenRefused('Conflict', { reason: 'payment_not_due' });
    given(paymentDecider, [byLink()]).when(send(URL, 'lapsed')).thenRefused('Conflict', { reason: 'booking_not_open' });
    given(paymentDecider).when(send()).thenRefused('NotFound', { entity: 'booking' });
  });
});
