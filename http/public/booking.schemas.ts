/** Answers of holds and checkout (2.7, 2.8). */
import { object, orNull, described, id, text, nStr, timestamp, nTimestamp, localStart, money, nMoney } from '../kernel/answer-schema';
import type { CheckoutBody } from '../../application/booking/types';
import { attribution, selectionFields } from './availability.schemas';
import { bookingRef, currency, locale } from '../kernel/params';
import { Schema, arr, bool, describes, enumOf, int, obj, ref, str } from '../kernel/schema';

const Hold = object(
  {
    ref: bookingRef,
    status: { const: 'on_hold' },
    hold_expires_at: timestamp,
    start: localStart,
    quote: ref('Quote'),
  },
  {},
  { description: 'A hold (spec 2.7): places kept until hold_expires_at; its ref is the ref of the booking it becomes' },
);

const HoldExpired = object(
  { ref: bookingRef, status: { const: 'expired' }, hold_expires_at: timestamp },
  {},
  { description: 'A hold that ran out without checkout: its places are back on sale. What it was for is not shown.' },
);

const HoldCheckedOut = object(
  { ref: bookingRef, status: { const: 'checked_out' } },
  {
    hold_expires_at: timestamp,
    start: localStart,
    quote: ref('Quote'),
    booking: described(str(), 'Path of the booking view, e.g. /v1/public/bookings/TP-7KQ2-M4XA: open it with the same proof'),
  },
  {
    description:
      "A hold a booking was made from. Without proof only {ref, status}; with the booking token or the booking owner's session also " +
      'hold_expires_at, start, quote and booking.',
  },
);

const HoldStatus: Schema = {
  oneOf: [ref('Hold'), ref('HoldExpired'), ref('HoldCheckedOut')],
  discriminator: {
    propertyName: 'status',
    mapping: { on_hold: '#/components/schemas/Hold', expired: '#/components/schemas/HoldExpired', checked_out: '#/components/schemas/HoldCheckedOut' },
  },
  description: 'How a hold stands, by status: on_hold (the hold), expired or checked_out (each showing less)',
};

// ---------------------------------------------------------------- bookings (2.8)

const Cancellation = object({ by: enumOf('traveller', 'seller'), refund_pct: int(0, 100), refund: money });

const BookingView = object(
  {
    ref: bookingRef,
    status: described(
      enumOf('on_hold', 'confirmed', 'pending', 'cancelled', 'rejected', 'lapsed'),
      'pending: waits for the seller (a request) or for its money (transfer or link) until pending_expires_at; confirmed; ' +
        'cancelled (cancellation says by whom and the refund; a pending booking the traveller withdrew is cancelled by traveller, everything paid refunded); ' +
        'rejected: the seller declined it (rejection_reason says why), its places returned and everything paid refunded; ' +
        'lapsed: pending_expires_at passed with no answer from the seller or no money, its places returned and everything paid refunded. ' +
        'cancelled, rejected and lapsed are final',
    ),
    start: localStart,
    pax: int(0),
    hold_expires_at: nTimestamp,
    pending_expires_at: nTimestamp,
    trip: described(object({ title: text, option: text, product_id: id }), 'The trip as sold'),
    payment: object({
      method: described(nStr, 'pay_on_arrival, payment_link or bank_transfer; null when none was chosen'),
      status: described(
        text,
        'Values shown: unpaid, pay_on_arrival, proof_submitted (a receipt was sent for the seller to check). Also: part_paid (the seller recorded part of what is due), paid (all of it came in), ' +
          'not_collected (the site takes no payment through us: nothing is shown as paid and nothing is refunded), refunded (all that was paid went back), ' +
          'cancelled (the booking ended before all that was due came in: nothing more is owed, cancellation.refund says what went back); bookings made before not_collected existed on such a site may still read paid',
      ),
      due_at: nTimestamp,
      on_arrival: described(
        nMoney,
        "The amount to bring, in the booking's currency or the first currency the pay-on-arrival method accepts; read its currency. " +
          'Less what the seller recorded as paid (the same share of a converted amount, at the rates of the day it was booked); null once paid in full',
      ),
      bank: described(
        orNull(
          object({
            account_name: text,
            iban: text,
            bic: text,
            bank_name: text,
            reference: described(text, 'What to write as the transfer reference: the booking ref'),
          }),
        ),
        "bank_transfer: the seller's account to pay into by due_at; null for other ways to pay",
      ),
      receipt: described(
        orNull(object({ received_at: timestamp, content_type: enumOf('application/pdf', 'image/jpeg', 'image/png', 'image/webp'), size: int(0) })),
        'The latest proof of payment sent (POST .../receipt): when, its kind as recognised from its bytes, and its size in bytes; null when none',
      ),
      link: described(
        orNull(object({ sent: bool, sent_at: nTimestamp, url: nStr })),
        'payment_link: sent is true once the seller sent the link to pay by due_at (the traveller is emailed it; POST /v1/bookings/{ref}/payment-link on the seller interface), ' +
          'sent_at when the last one was sent, url that link (the payment page) while the money is still to come, else null; a new link replaces the last. ' +
          'The traveller is asked to pay (due_at set) at checkout, or when the seller accepts a request; null for other ways to pay',
      ),
    }),
    details: described(
      object({
        status: described(
          enumOf('not_needed', 'needed', 'complete', 'overdue'),
          'not_needed: the trip asks for no traveller details; needed: the trip collects them after booking and some travellers have not given theirs yet (due_at has not passed); ' +
            'complete: every traveller has given theirs (details collected at checkout are complete at once); overdue: due_at passed before every traveller gave theirs',
        ),
        due_at: described(
          nTimestamp,
          "When the details are due (UTC): the start less the option's due_hours_before (the start itself when that is null); null when they are collected at checkout or not needed",
        ),
        needed: described(bool, 'The trip asks for traveller details'),
        complete: described(bool, 'Every traveller, lead first, has given the details the trip asks for (true when none are needed)'),
        overdue: described(bool, 'due_at has passed (as of this answer) and some details are missing; false on a cancelled, rejected or lapsed booking'),
      }),
      'Traveller details (GET/PUT /v1/public/bookings/{ref}/travellers fill them in)',
    ),
    cancellation: orNull(ref('Cancellation')),
    rejection_reason: nStr,
    reject_code: described(
      orNull(enumOf('seller_unavailable')),
      'Why the platform declined a request rather than the seller: seller_unavailable when the seller left the marketplace it was made on; null otherwise',
    ),
    quote: described(ref('Quote'), 'The quote as sold'),
  },
  {},
  { description: "A booking (spec 2.8); never carries the lead's contact details" },
);

const CheckoutBooking = {
  description:
    'The booking view plus its tokens. booking_token opens the booking (view, refund, cancel); contact_token fixes the lead contact. Both are null on a repeated checkout of the same hold, ' +
    'except under the Idempotency-Key it was booked with, within the idempotency window (24 hours by default), which answers the booking as it stands now with both tokens',
  allOf: [ref('BookingView'), object({}, { booking_token: nStr, contact_token: nStr })],
};

// ---------------------------------------------------------------- requests

/** A hold's ref, or (for an on_request option) the selection itself. */
export const checkoutBody = describes<CheckoutBody>()(
  obj(
    {
      ref: bookingRef,
      ...selectionFields,
      offer_id: str({
        minLength: 1,
        maxLength: 200,
        description:
          "In place of ref: books a seller's offer (GET /v1/public/offers/{id}) at the offered price while it is open; needs offer_token, and takes neither ref nor the selection (option_id, start, units, extras, rooms, pickup, currency), which the offer sets (422 InvalidInput otherwise)",
      }),
      offer_token: str({ minLength: 1, maxLength: 2000, description: "The offer's link token; a wrong one answers 404 NotFound (entity offer)" }),
      lead: obj(
        {
          name: str({ minLength: 1, maxLength: 200 }),
          email: str({ format: 'email', maxLength: 320, 'x-expected': 'an email address, e.g. ana@example.com' }),
          phone: str({ pattern: '^\\+[1-9][0-9 ()-]{5,24}$', 'x-expected': 'a phone number with its country code, e.g. +351 912 345 678' }),
        },
        ['name', 'email', 'phone'],
      ),
      payment_method: enumOf('pay_on_arrival', 'payment_link', 'bank_transfer'),
      traveller_details: arr({ type: 'object' }, { maxItems: 50 }),
      pickup_details: {
        type: 'object',
        description:
          "{flight, ship, room} (strings): what the quote's pickup area asks for (Trip options[].pickup.pickup_rules[].asks); one left out or blank is 422 PickupDetailsRequired with `missing`",
      },
      special_requests: str({ maxLength: 2000 }),
      locale,
      warn_if_booked: bool,
      attribution,
      currency,
    },
    ['lead'],
  ),
);

export const bookingSchemas: Record<string, Schema> = { Hold, HoldStatus, HoldExpired, HoldCheckedOut, Cancellation, BookingView, CheckoutBooking };
