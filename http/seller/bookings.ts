import { LEAD_PHONE_PATTERN } from '../../domain/contact-change';
import { bookingRef } from '../kernel/params';
import { arr, enumOf, obj, ref, str } from '../kernel/schema';
import { rejectBody } from './bookings.schemas';
import { sellerOperation } from './operation';
import { paging } from './products';

const OWN = "Only the key's seller's bookings exist for it: another seller's ref answers 404 NotFound (entity booking), as does a ref that does not exist.";

const CONFLICTS =
  'A booking in the wrong state is 409 Conflict with reason booking_not_pending and details {ref, booking_status} (a confirmed booking cannot be declined; ' +
  'a cancelled, rejected or lapsed one takes no decision).';

export const sellerListBookings = sellerOperation({
  id: 'sellerListBookings',
  method: 'get',
  path: '/v1/bookings',
  permission: 'bookings:read',
  summary: "The seller's bookings",
  description:
    "The key's seller's bookings (holds not checked out are not bookings), newest first, a page at a time: {data, next_cursor, total}; " +
    'each item is the booking view plus placed_at. status filters (repeatable): pending bookings stay listed until decided or lapsed. ' +
    'Needs a secret key with bookings:read (403 NotPermitted otherwise).',
  query: { status: arr(enumOf('on_hold', 'confirmed', 'pending', 'cancelled', 'rejected', 'lapsed'), { minItems: 1 }), ...paging },
  multi: ['status'],
  success: { status: 200, description: '{data, next_cursor, total}' },
  response: ref('SellerBookingList'),
  handle: async ({ caller, query }, app) => app.seller.bookings(caller, query),
});

export const sellerGetBooking = sellerOperation({
  id: 'sellerGetBooking',
  method: 'get',
  path: '/v1/bookings/{ref}',
  permission: 'bookings:read',
  summary: 'A booking as its seller sees it, with its history',
  description: `The booking view plus the lead's contact, travellers, attribution, special requests, locale, what was paid and refunded, placed_at and every event of the booking (history). Needs bookings:read. ${OWN}`,
  params: { ref: bookingRef },
  success: { status: 200, description: 'the booking' },
  response: ref('SellerBookingDetail'),
  handle: async ({ caller, params }, app) => app.sellerBookings.booking(caller, params.ref),
});

export const sellerConfirmBooking = sellerOperation({
  id: 'sellerConfirmBooking',
  method: 'post',
  path: '/v1/bookings/{ref}/confirm',
  permission: 'bookings:write',
  summary: 'Confirm a pending booking',
  description:
    'Confirms a booking that waits for the seller (booking.confirmed, by seller); the traveller is emailed. Confirming a confirmed booking again changes nothing and answers it as it stands (200). ' +
    'A booking paid by bank transfer or payment link is confirmed only once everything due came in: until then 409 Conflict with reason payment_outstanding ' +
    '(accept a request instead: POST .../accept asks the traveller to pay; record money received: POST .../payments, which confirms it once paid in full). ' +
    `${CONFLICTS} Needs bookings:write. ${OWN}`,
  params: { ref: bookingRef },
  success: { status: 200, description: 'the booking as it now stands' },
  response: ref('SellerBookingDetail'),
  handle: async ({ caller, params }, app) => app.sellerBookings.confirm(caller, params.ref),
});

export const sellerRejectBooking = sellerOperation({
  id: 'sellerRejectBooking',
  method: 'post',
  path: '/v1/bookings/{ref}/reject',
  permission: 'bookings:write',
  summary: 'Decline a pending booking',
  description:
    'Declines a booking that waits (status rejected, rejection_reason the reason given, shown to the traveller): its places return to sale, everything paid is refunded, ' +
    'nothing more is owed and the traveller is emailed the reason. Declining a declined booking again changes nothing (200; the first reason stands). ' +
    `${CONFLICTS} Needs bookings:write. ${OWN}`,
  params: { ref: bookingRef },
  body: rejectBody,
  bodyRequired: true,
  bodyDescription: '{reason}: 1 to 500 characters, for the traveller',
  success: { status: 200, description: 'the booking as it now stands' },
  response: ref('SellerBookingDetail'),
  handle: async ({ caller, params, body }, app) => app.sellerBookings.reject(caller, params.ref, body.reason),
});

export const sellerAcceptBooking = sellerOperation({
  id: 'sellerAcceptBooking',
  method: 'post',
  path: '/v1/bookings/{ref}/accept',
  permission: 'bookings:write',
  summary: 'Accept a request paid by transfer or link: ask the traveller to pay',
  description:
    "Accepts a request paid by bank transfer or payment link: payment.due_at becomes the method's deadline before the start and pending_expires_at moves to it " +
    '(booking.accepted, payment.requested); the traveller is emailed what to pay, by when and how. The booking is confirmed once paid in full (POST .../payments); ' +
    'unpaid by then it lapses. Accepting again changes nothing (200). 409 Conflict with reason not_a_payment_request for any other booking (confirm it instead), ' +
    `too_late_to_pay when the method's deadline for the start has passed. ${CONFLICTS} Needs bookings:write. ${OWN}`,
  params: { ref: bookingRef },
  success: { status: 200, description: 'the booking as it now stands' },
  response: ref('SellerBookingDetail'),
  handle: async ({ caller, params }, app) => app.sellerBookings.accept(caller, params.ref),
});

export const sellerCorrectLead = sellerOperation({
  id: 'sellerCorrectLead',
  method: 'patch',
  path: '/v1/bookings/{ref}/lead',
  permission: 'bookings:write',
  summary: "Correct the lead's email or phone",
  description:
    "The traveller fixes the lead's email only within 30 minutes of booking (POST /v1/public/bookings/{ref}/contact-changes); after that the seller corrects it here " +
    '(spec 4.5), as the phone too. Give email, phone or both: the new email opens the booking (email proof, sessions) and every mail goes to it from now on; ' +
    `the history shows contact.changed. Setting what is there changes nothing. Needs bookings:write. ${OWN}`,
  params: { ref: bookingRef },
  body: obj({
    email: str({ format: 'email', maxLength: 320, 'x-expected': 'an email address, e.g. ana@example.com' }),
    phone: str({ pattern: LEAD_PHONE_PATTERN, 'x-expected': 'a phone number with its country code, e.g. +351 912 345 678' }),
  }),
  bodyRequired: true,
  bodyDescription: '{email, phone}: either or both',
  success: { status: 200, description: 'the booking as it now stands' },
  response: ref('SellerBookingDetail'),
  handle: async ({ caller, params, body }, app) => app.sellerBookings.correctLead(caller, params.ref, body),
});

export const sellerBookingOperations = [
  sellerListBookings,
  sellerGetBooking,
  sellerConfirmBooking,
  sellerRejectBooking,
  sellerAcceptBooking,
  sellerCorrectLead,
];
