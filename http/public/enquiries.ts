import { ENQUIRIES_PER_HOUR } from '../../domain/enquiry';
import { operationsFor } from '../kernel/operation';
import { ref, required, str } from '../kernel/schema';
import { SESSION_COOKIE, type SessionCaller } from '../middleware/traveller-session';
import { enquiryBody } from './enquiries.schemas';

/** Enquiry operations: their caller carries the exchange that knows the client's address, and the traveller's session. */
const enquiryOperation = operationsFor<SessionCaller>();

export const createEnquiry = enquiryOperation({
  id: 'createEnquiry',
  method: 'post',
  path: '/v1/public/enquiries',
  summary: 'Send an enquiry to the seller',
  description:
    'A question about one trip (kind product, product_id required: it goes to the seller of that trip, also on a marketplace), a trip planner request (planner) ' +
    "or a message through the contact form (contact); planner and contact go to the storefront's operator (on a marketplace, the seller that runs it). " +
    'Answers 202 {received: true, id, reference} with a reference EQ-XXXXX. When `website` (the hidden bot trap) is not empty the answer is the same but nothing is kept: id and reference are null. ' +
    `Not safe to repeat: each POST is a new enquiry. At most ${ENQUIRIES_PER_HOUR} enquiries an hour from one client address (first X-Forwarded-For entry) on one storefront; ` +
    'beyond, 429 RateLimited with retry_after_seconds and Retry-After. 404 NotFound (entity product) when the storefront does not sell that trip. ' +
    "422 InvalidInput: product_id missing for kind product (or given for another kind), a date that is not real (invalid_date), before today (date_in_past: in the trip's zone, " +
    'else in the last zone on earth to reach it) or more than 3 years ahead (date_too_far), date_to before date_from (dates_out_of_order), travellers with no adult or child (no_travellers) or more than 50 (too_many_travellers).',
  body: enquiryBody,
  bodyRequired: true,
  bodyDescription:
    'kind, name, email and message are required; product_id (a trip the storefront sells) for kind product; phone with its country code; date_from and date_to (YYYY-MM-DD); ' +
    'travellers {adults, children, infants} (whole numbers, 50 at most in all); special_needs; interests (a list of words); locale (the language to answer in); website: leave it empty (a site hides it from people).',
  success: { status: 202, description: '{received: true, id, reference}' },
  response: ref('EnquiryReceipt'),
  handle: async ({ caller, body }, app) => app.enquiries.receive(caller, body, caller.exchange.clientAddress()),
});

export const getOffer = enquiryOperation({
  id: 'getOffer',
  method: 'get',
  path: '/v1/public/offers/{id}',
  summary: "A seller's offer, opened by its link",
  description:
    'The offer the emailed link opens: trip, start, group, the quote offered, valid_until and state (open, expired, booked, withdrawn). Book an open one through POST /v1/public/checkout with offer_id and offer_token. ' +
    'A wrong token answers exactly as an offer that does not exist: 404 NotFound (entity offer).',
  params: { id: str({ minLength: 1, maxLength: 200 }) },
  query: { token: required(str({ minLength: 1, maxLength: 2000 })) },
  paramDescriptions: { token: "The link token from the offer's email (or from the traveller's price requests)" },
  success: { status: 200, description: 'offer' },
  response: ref('Offer'),
  handle: async ({ caller, params, query }, app) => app.enquiries.offer(caller, params.id, query.token),
});

export const listPriceRequests = enquiryOperation({
  id: 'listPriceRequests',
  method: 'get',
  path: '/v1/public/me/price-requests',
  summary: "The signed-in traveller's price requests",
  description:
    'Up to 50, newest first: the questions about a trip naming travellers that were sent on this storefront with the proven email, each with reference, status, trip, seller, dates, group ' +
    "and, once the seller sent a price, the newest offer's id, state and link token (for GET /v1/public/offers/{id} and checkout). Message and phone are never listed. " +
    `Needs the traveller's session (${SESSION_COOKIE} cookie): without a live one of this storefront, 401 Unauthenticated.`,
  success: { status: 200, description: '{data: [...]}' },
  response: ref('PriceRequestList'),
  handle: async ({ caller }, app) => app.enquiries.priceRequests(caller),
});

export const enquiriesOperations = [createEnquiry, getOffer, listPriceRequests];
