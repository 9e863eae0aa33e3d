/** Answers and bodies of a booking's payments on the seller interface. */
import { described, money, nMoney, nStr, nTimestamp, object, orNull, text, timestamp } from '../kernel/answer-schema';
import { currency as currencyCode } from '../kernel/params';
import { Schema, arr, enumOf, int, obj, str } from '../kernel/schema';

export const recordPaymentBody = obj(
  {
    amount: {
      ...obj({ amount: int(1, 1_000_000_000_000), currency: currencyCode }, ['amount', 'currency']),
      'x-expected':
        'a money object {amount, currency}: amount a whole number of the currency\'s minor units, e.g. {"amount": 19400, "currency": "EUR"} for 194.00 EUR',
    },
    reference: str({ minLength: 1, maxLength: 200 }),
    received_at: str({ format: 'date-time' }),
  },
  ['amount'],
);

/** A link to pay on the seller's payment provider: an https address, sent to the traveller as it is. */
export const paymentLinkBody = obj(
  {
    url: {
      ...str({ maxLength: 2000, pattern: '^https://[^\\s]+$' }),
      'x-expected': 'an https:// address (https is required) of at most 2000 characters, without spaces',
    },
  },
  ['url'],
);

const SellerPayment = object(
  {
    ref: text,
    booking_status: described(text, "The booking's status as it now stands (confirmed once a booking that waited for its money is paid in full)"),
    payment: object({
      method: described(nStr, 'pay_on_arrival, payment_link or bank_transfer; null on a site that takes no payment'),
      status: described(
        enumOf('unpaid', 'part_paid', 'paid', 'pay_on_arrival', 'proof_submitted', 'not_collected', 'refunded', 'cancelled'),
        'unpaid: nothing came in yet; proof_submitted: the traveller sent a receipt to check; part_paid: some of what is due came in; paid: all of it; ' +
          'pay_on_arrival: paid on the day; not_collected: the site takes no payment through us (nothing is due here, nothing refunded); ' +
          'refunded: everything that came in went back; cancelled: the booking ended (cancelled, declined or lapsed) before all that was due came in, so nothing more is owed ' +
          '(outstanding 0; paid and refunded say what came in and what went back, the rest of a part payment being kept under the cancellation policy)',
      ),
      due_at: described(nTimestamp, 'When the money must have come in; null when paid on the day, or while a request waits for the seller'),
      due: described(nMoney, "What is due in all, in the booking's currency (null on bookings made before it was recorded)"),
      paid: described(money, 'What came in so far'),
      refunded: described(money, 'What went back so far'),
      outstanding: described(nMoney, 'What is still to come in (due less paid); 0 once the booking ended or the payment was refunded'),
      receipts: described(
        arr(object({ id: text, content_type: text, size: int(0), received_at: timestamp })),
        'Proofs of payment the traveller sent, oldest first; GET /v1/bookings/{ref}/receipts/{id} downloads one',
      ),
      payments: described(arr(object({ id: text, amount: money, reference: nStr, received_at: timestamp })), 'Payments recorded by the seller, oldest first'),
      link: described(
        orNull(object({ url: text, sent_at: timestamp })),
        'payment_link: the last link to pay sent to the traveller (POST /v1/bookings/{ref}/payment-link) and when; null before one was sent and for other ways to pay',
      ),
    }),
  },
  {},
  { description: "A booking's money as its seller sees it" },
);

export const paymentSellerSchemas: Record<string, Schema> = { SellerPayment };
