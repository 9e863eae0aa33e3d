import { ref, str } from '../kernel/schema';
import { SELECTION_BODY } from './availability';
import { holdBody } from './availability.schemas';
import { checkoutBody } from './booking.schemas';
import { publicOperation } from './operation';

/** A ref of any shape: one that is not a booking's answers 404 like any missing booking. */
export const anyRef = str({ minLength: 1, maxLength: 2000 });

export const createHold = publicOperation({
  id: 'createHold',
  method: 'post',
  path: '/v1/public/holds',
  summary: 'Hold places',
  body: holdBody,
  bodyRequired: true,
  idempotencyKey: true,
  description:
    'Prices the selection again and holds its places for 15 minutes (30 for multi-day trips); the calendar counts them as taken at once. ' +
    "The hold's ref is the ref of the booking it becomes. On-request options are not held (422 OnRequest: check out the selection directly). " +
    'The same Idempotency-Key with the same request returns the first hold; with a different request 409 Conflict. Without a key, a repeated request holds again.',
  bodyDescription: `Same body as a quote, plus attribution (utm_source, utm_medium, utm_campaign, utm_term, utm_content up to 200 characters; referrer and ad click ids gclid, gbraid, wbraid, fbclid, msclkid, ttclid up to 500; empty ones are dropped). ${SELECTION_BODY}`,
  success: { status: 201, description: 'hold' },
  response: ref('Hold'),
  handle: async ({ caller, body, idempotencyKey }, app) => app.booking.placeHold(caller, body, idempotencyKey),
});

export const getHold = publicOperation({
  id: 'getHold',
  method: 'get',
  path: '/v1/public/holds/{ref}',
  summary: 'How a hold stands',
  params: { ref: anyRef },
  query: { token: str({ minLength: 1, maxLength: 2000 }) },
  description:
    'The ref of a hold is its proof while it is a hold, and no longer: what the answer shows depends on how the hold stands. ' +
    'on_hold (the places are kept): {ref, status, hold_expires_at, start, quote}, as POST /v1/public/holds answered. ' +
    'expired (hold_expires_at passed without checkout; the places are back on sale): {ref, status, hold_expires_at} only. ' +
    'checked_out (a booking was made from it): {ref, status} only, since a booking is shown to whoever opens it and to no one else; ' +
    "with the booking's booking_token as `token`, or the session of the traveller whose booking it is, also hold_expires_at, start, quote and " +
    '`booking`, the path of the booking view (GET it with the same proof). A wrong token answers exactly like none. ' +
    "Never any of the lead's details. 404 NotFound (entity hold) for a ref this storefront never held.",
  success: { status: 200, description: 'on_hold: the hold; expired: {ref, status, hold_expires_at}; checked_out: {ref, status}, more with the booking token' },
  response: ref('HoldStatus'),
  handle: async ({ caller, params, query }, app) => app.booking.hold(caller, params.ref, query),
});

export const checkout = publicOperation({
  id: 'checkout',
  method: 'post',
  path: '/v1/public/checkout',
  summary: 'Check out a hold',
  body: checkoutBody,
  bodyRequired: true,
  idempotencyKey: true,
  description:
    'Turns a hold into a booking: confirmed when the option confirms instantly, else pending. Answers the booking view plus booking_token (opens the booking) ' +
    'and contact_token (fixes the lead contact). A repeated checkout of the same hold with the same lead email books once and answers the same booking with both tokens null; ' +
    'repeated under the Idempotency-Key it was booked with, within the idempotency window (24 hours by default), it answers the same booking as it stands now (it may have been confirmed, rejected or cancelled since, its payment and traveller details changed) with both tokens, however the hold and start have fared since. ' +
    "payment_method is required when the seller has ways to pay (422 PaymentMethodRequired, offered: those open for the start that take the booking's currency) and must be one listed by payment-methods for the start. " +
    "A bank transfer or payment link is asked for in the booking's (the hold's) currency, so it must be one the method's currencies list (an empty list takes any): " +
    'otherwise 422 PaymentMethodNotOffered with method and currencies (those it takes); place the hold in one of them, or choose another way to pay. Pay on arrival takes any currency ' +
    '(payment.on_arrival is converted into one it takes). ' +
    "traveller_details (when the option collects them at checkout) are the form's fields only (another field: 422 InvalidInput unknown_field naming traveller_details[i].field); " +
    "each traveller's date of birth must give an age on the day of the trip that one of the booked units admits, and a passport number is 6 to 12 letters and digits " +
    '(422 TravellerDetailsInvalid, problems age_outside_units, invalid_passport_number). ' +
    'A checkout refused after the hold was checked out (e.g. 422 SlotClosed when the seller called the start off meanwhile) leaves the hold on_hold until hold_expires_at, as though it had not been tried. ' +
    "warn_if_booked refuses with 422 AlreadyBooked when the lead's email already has a pending or confirmed booking for the same option and start. " +
    "A seller's price offer is booked with offer_id and offer_token (from the offer's link) in place of ref: at the offered price while the offer is open, once; " +
    'an offer no longer open answers 409 Conflict (reason offer_expired, offer_booked or offer_withdrawn), a wrong token 404 NotFound (entity offer).',
  bodyDescription:
    "ref (the hold's ref), lead {name, email, phone with country code}, payment_method, traveller_details (every traveller, lead first, when the option collects them at checkout), " +
    "pickup_details, special_requests, locale (language of the traveller's emails), warn_if_booked, attribution (replaces the hold's; left out, the hold's stays).",
  success: { status: 200, description: 'booking view with booking_token and contact_token' },
  response: ref('CheckoutBooking'),
  handle: async ({ caller, body, idempotencyKey }, app) => app.booking.checkout(caller, body, idempotencyKey),
});

export const bookingOperations = [createHold, getHold, checkout];
