import { currency, locale, localStartParam } from '../kernel/params';
import { num, ref, required, str } from '../kernel/schema';
import { publicOperation } from './operation';

export const searchPickupPlaces = publicOperation({
  id: 'searchPickupPlaces',
  method: 'get',
  path: '/v1/public/places/search',
  summary: 'Pickup places as the traveller types',
  description:
    "The platform's place library (hotels, addresses, meeting points, airports) searched by name as the traveller types: word starts count, " +
    "and from four letters one typo (a wrong, missing, extra or swapped letter). Only places in a pickup area of the site's trips are found; " +
    'at most 10, best match first. A place id goes into a quote as pickup.place_id, or into GET /v1/public/options/{optionId}/pickup/resolve. ' +
    'Not the filter list of places (GET /v1/public/places), which lists the stops trips visit.',
  query: { q: required(str({ minLength: 1, maxLength: 200 })), locale },
  paramDescriptions: { q: 'What the traveller typed so far', locale: 'Names come in this language when the place has a name in it, else in English' },
  success: { status: 200, description: '{data: [{id, name, kind, lat, lng}]}' },
  response: ref('PickupPlaces'),
  handle: async ({ caller, query }, app) => app.pickups.searchPlaces(caller.storefront, query.q, query.locale),
});

export const resolvePickup = publicOperation({
  id: 'resolvePickup',
  method: 'get',
  path: '/v1/public/options/{optionId}/pickup/resolve',
  summary: 'Whether an option picks up at a place, when and at what price',
  description:
    "Give place_id (a place from GET /v1/public/places/search, or one of the option's pickup area ids) or both lat and lng. " +
    "A place or point is served by the first of the option's areas whose shape covers it; an area id names that area. " +
    'Answers {offered: true, area, window, price, asks} or {offered: false, reason} (the quote with that pickup is refused 422 PickupNotOffered with the same reason). ' +
    '404 NotFound (entity option); 422 InvalidInput when neither or both ways are given, or start is not a real local start; ' +
    '422 SlotClosed when the option does not run at start; 422 CurrencyNotEnabled.',
  params: { optionId: str({ minLength: 1, maxLength: 100 }) },
  query: { place_id: str({ minLength: 1, maxLength: 200 }), lat: num(-90, 90), lng: num(-180, 180), currency, start: localStartParam },
  paramDescriptions: {
    place_id: 'A library place id or a pickup area id',
    lat: "Latitude of the traveller's address (with lng)",
    lng: "Longitude of the traveller's address (with lat)",
    currency: "One of the storefront's currencies; default its display currency",
    start: "A start of the option (YYYY-MM-DDTHH:MM in the trip's zone): the window then also comes as local date-times",
  },
  success: { status: 200, description: '{offered: true, area, window, price, asks} or {offered: false, reason}' },
  response: ref('PickupResolution'),
  handle: async ({ caller, params, query }, app) => app.pickups.resolve(caller, params.optionId, query),
});

export const pickupsOperations = [searchPickupPlaces, resolvePickup];
