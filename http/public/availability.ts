import { localStartParam, month } from '../kernel/params';
import { ref, required, str } from '../kernel/schema';
import { quoteBody } from './availability.schemas';
import { publicOperation } from './operation';

export const SELECTION_BODY =
  "option_id and start (local start: YYYY-MM-DDTHH:MM in the trip's zone, or YYYY-MM-DD for an option open all day) are required; " +
  'units is a list of {unit_id, qty, ages} (ages: one per traveller, when children are priced by age); ' +
  "extras is a list of {extra_id, qty}: the chosen extra's id (Trip.extras[].id) goes in `extra_id`; " +
  'rooms is a list of {room_type_id, qty, beds}, required for options with room types and must sleep everyone who takes a seat ' +
  '(rooms sent for an option without room types: 422 RoomingInvalid unknown_room_type); ' +
  'pickup is {place_id} (a place from GET /v1/public/places/search, or a pickup area id of the option; an area name still works) or {lat, lng}, ' +
  'not both and not one coordinate alone (422 InvalidInput, field pickup): ' +
  "a place or point is served by the first of the option's areas whose shape covers it (422 PickupNotOffered with reason no_pickup, outside_area or unknown_place otherwise); " +
  "currency is one of the storefront's currencies (default its display currency).";

export const getCalendar = publicOperation({
  id: 'getCalendar',
  method: 'get',
  path: '/v1/public/options/{optionId}/calendar',
  summary: "One month of an option's calendar (no prices)",
  description:
    'Every day of the month with its starts, their status and the places left (null when not counted). No prices: quote for a price. ' +
    'For an ask_for_price option, days it runs show as open by its availability rules. 404 NotFound (entity option).',
  params: { optionId: str({ minLength: 1, maxLength: 100 }) },
  query: { month },
  paramDescriptions: { month: "YYYY-MM; default the current month in the trip's zone" },
  success: { status: 200, description: 'list of calendar days' },
  response: ref('CalendarDays'),
  handle: async ({ caller, params, query }, app) => app.availability.calendar(caller.storefront, params.optionId, query.month),
});

export const listPaymentMethods = publicOperation({
  id: 'listPaymentMethods',
  method: 'get',
  path: '/v1/public/payment-methods',
  summary: 'Ways to pay for a start',
  description:
    'The ways to pay the seller offers for a start: only methods whose time to pay ends in time. Bank details are never here. ' +
    'An empty list means no payment method is chosen at checkout.',
  query: { option_id: required(str({ minLength: 1, maxLength: 100 })), start: required(localStartParam) },
  success: { status: 200, description: 'list of {kind, deadline_hours, currencies}' },
  response: ref('PaymentMethods'),
  handle: async ({ caller, query }, app) => app.availability.paymentMethods(caller, query.option_id, query.start),
});

export const createQuote = publicOperation({
  id: 'createQuote',
  method: 'post',
  path: '/v1/public/quotes',
  summary: 'Price a selection',
  body: quoteBody,
  bodyRequired: true,
  description:
    'Prices a selection at a start; takes no places. Ask-for-price options have no quote (422 PriceNotAvailable). Refusals are 422 with the codes of spec part 7.',
  bodyDescription: SELECTION_BODY,
  success: { status: 200, description: 'quote' },
  response: ref('Quote'),
  handle: async ({ caller, body }, app) => app.availability.quote(caller, body),
});

export const availabilityOperations = [getCalendar, listPaymentMethods, createQuote];
