import { arr, enumOf, ref, str } from '../kernel/schema';
import { offerBody } from './enquiries.schemas';
import { sellerOperation } from './operation';
import { paging } from './products';

const SELLER =
  'Needs a secret key whose scopes include the permission named (enquiries:read to read, enquiries:write to make and withdraw offers); otherwise 403 NotPermitted. ' +
  "Only enquiries that went to the key's seller exist for it (404 NotFound, entity enquiry, otherwise): a trip question goes to the trip's seller, " +
  "planner and contact ones to the storefront's operator (on a marketplace, the seller that runs it).";
const enquiryId = { id: str({ minLength: 1, maxLength: 100 }) };

export const sellerListEnquiries = sellerOperation({
  id: 'sellerListEnquiries',
  method: 'get',
  path: '/v1/enquiries',
  permission: 'enquiries:read',
  summary: "The seller's enquiries",
  description: `Enquiries that went to the key's seller, newest first, a page at a time: {data, next_cursor, total}; status and kind filter (comma-separated). ${SELLER}`,
  query: {
    status: arr(enumOf('received', 'offered', 'booked'), { minItems: 1 }),
    kind: arr(enumOf('product', 'planner', 'contact'), { minItems: 1 }),
    ...paging,
  },
  multi: ['status', 'kind'],
  success: { status: 200, description: '{data, next_cursor, total}' },
  response: ref('SellerEnquiryList'),
  handle: async ({ caller, query }, app) => app.enquiries.sellerList(caller, query),
});

export const sellerGetEnquiry = sellerOperation({
  id: 'sellerGetEnquiry',
  method: 'get',
  path: '/v1/enquiries/{id}',
  permission: 'enquiries:read',
  summary: 'One enquiry, with its offers',
  description: `Everything the traveller sent, and the offers made since with how each stands. ${SELLER}`,
  params: enquiryId,
  success: { status: 200, description: 'enquiry' },
  response: ref('SellerEnquiry'),
  handle: async ({ caller, params }, app) => app.enquiries.sellerGet(caller, params.id),
});

export const sellerMakeOffer = sellerOperation({
  id: 'sellerMakeOffer',
  method: 'post',
  path: '/v1/enquiries/{id}/offers',
  permission: 'enquiries:write',
  summary: 'Answer a price request with an offer',
  description:
    "Prices the group at a start of one of the trip's options exactly as a quote on the storefront the enquiry came from would now (the same pricing, so the two never disagree; " +
    "its refusals are the quote's: SlotClosed, PastCutoff, NotEnoughCapacity, PriceNotAvailable, ...), or at the seller's own unit_prices when given (an ask_for_price option, " +
    'which has no price of its own, needs them: 422 PriceNotAvailable, reason ask_for_price, without), and keeps that quote with the offer until valid_until. ' +
    'valid_until must be in the future and not after the start stops taking bookings (422 after_cutoff). Booked through checkout, the offer is confirmed at the offered price. ' +
    "The traveller is emailed a link to the storefront's offer page (its offer_url, /offers/{offer_id} on its site by default) with the offer's token. " +
    `Only questions about one trip take offers (409 Conflict, reason not_a_price_request), and only for that trip's options (422 not_of_the_trip). ${SELLER}`,
  params: enquiryId,
  body: offerBody,
  bodyRequired: true,
  bodyDescription:
    "option_id, start, units (and extras, rooms, pickup, currency) as a quote's body; valid_until (timestamp); note (optional words to the traveller, in the mail and on the offer page).",
  success: { status: 201, description: 'offer' },
  response: ref('SellerOffer'),
  handle: async ({ caller, params, body }, app) => app.enquiries.makeOffer(caller, params.id, body),
});

export const sellerWithdrawOffer = sellerOperation({
  id: 'sellerWithdrawOffer',
  method: 'post',
  path: '/v1/enquiries/{id}/offers/{offerId}/withdraw',
  permission: 'enquiries:write',
  summary: 'Withdraw an offer',
  description: `The offer can no longer be booked; its page shows it withdrawn. Withdrawing again changes nothing; a booked offer answers 409 Conflict (offer_booked). ${SELLER}`,
  params: { ...enquiryId, offerId: str({ minLength: 1, maxLength: 100 }) },
  success: { status: 200, description: 'offer' },
  response: ref('SellerOffer'),
  handle: async ({ caller, params }, app) => app.enquiries.withdrawOffer(caller, params.id, params.offerId),
});

export const enquirySellerOperations = [sellerListEnquiries, sellerGetEnquiry, sellerMakeOffer, sellerWithdrawOffer];
