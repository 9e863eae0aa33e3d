import type { SaveTripsBody, TripAsked } from '../../application/saved-trips';
import { currency, locale, slug, uuid } from '../kernel/params';
import { arr, describes, obj, ref, str } from '../kernel/schema';
import { publicOperation } from './operation';

const SESSION = 'Needs the traveller session: the session cookie passed on with the website key; 401 Unauthenticated without.';
const LIST =
  'Each storefront keeps its own list per signed-in email, up to 200 trips, newest first. A saved trip the site no longer sells ' +
  '(unpublished, or its seller gone from the marketplace) stays on the list but is left out of the answers until it is sold again.';
const LIMIT = 'The list keeps 200 trips: a save that would pass 200 drops the oldest saved trips, so saving is never refused for the size.';

const cardQuery = { locale, currency };
const cardDescriptions = {
  locale: 'Trips published in this language come in it, the rest in English (as the trip list)',
  currency: "Currency of from_price: one of the storefront's currencies, else its display currency",
};

const tripName = str({ minLength: 1, maxLength: 200, 'x-expected': 'a trip id or slug' });
const tripAsked = describes<TripAsked>()(obj({ trip: tripName, seller: slug }, ['trip']));
const saveBody = describes<SaveTripsBody>()(
  obj({ trip: tripName, seller: slug, trips: arr(tripAsked, { minItems: 1, maxItems: 200 }) }, [], {
    description:
      "One trip `{trip, seller}`, or a guest's list `{trips: [{trip, seller}]}` newest first (what a visitor saved before signing in). `trip` is a trip id or slug; " +
      '`seller` is the seller slug that a slug needs on a marketplace when several sellers use it (as GET /v1/public/products/{product}).',
  }),
);

export const listSavedTrips = publicOperation({
  id: 'listSavedTrips',
  method: 'get',
  path: '/v1/public/me/saved-trips',
  summary: "The signed-in traveller's saved trips",
  description: `${LIST} ${SESSION}`,
  query: cardQuery,
  paramDescriptions: cardDescriptions,
  success: { status: 200, description: '{data: [saved trip]}' },
  response: ref('SavedTripList'),
  handle: async ({ caller, query }, app) => app.savedTrips.list(caller, query),
});

export const saveTrips = publicOperation({
  id: 'saveTrips',
  method: 'post',
  path: '/v1/public/me/saved-trips',
  summary: "Save a trip, or merge a guest's list",
  description:
    "Saves one trip, or merges a guest's list into the traveller's: new trips go first in the order given, a trip listed twice " +
    'or already saved is saved once and keeps its place. A trip the site does not sell is refused with 422 InvalidInput, reason unknown_trip, ' +
    'field `trip` or `trips[<position>].trip` (positions from 0), and then nothing is saved. ' +
    `Answers the whole list as GET does. ${LIMIT} ${SESSION}`,
  query: cardQuery,
  paramDescriptions: cardDescriptions,
  body: saveBody,
  bodyRequired: true,
  bodyDescription: '{trip, seller} or {trips: [{trip, seller}]}: exactly one of trip and trips; seller beside trip only',
  success: { status: 200, description: '{data: [saved trip]}, the list after saving' },
  response: ref('SavedTripList'),
  handle: async ({ caller, query, body }, app) => app.savedTrips.save(caller, body, query),
});

export const getSavedTrip = publicOperation({
  id: 'getSavedTrip',
  method: 'get',
  path: '/v1/public/me/saved-trips/{productId}',
  summary: 'Whether a trip is saved',
  description: `The saved trip's card with saved_at, or 404 NotFound (entity saved_trip) when it is not on the list or the site no longer sells it. ${SESSION}`,
  params: { productId: uuid },
  query: cardQuery,
  paramDescriptions: { productId: 'Trip id', ...cardDescriptions },
  success: { status: 200, description: 'saved trip' },
  response: ref('SavedTrip'),
  handle: async ({ caller, params, query }, app) => app.savedTrips.get(caller, params.productId, query),
});

export const saveTrip = publicOperation({
  id: 'saveTrip',
  method: 'post',
  path: '/v1/public/me/saved-trips/{productId}',
  summary: 'Save one trip',
  description:
    'Saves a trip the site sells (404 NotFound, entity product, otherwise) and answers its card with saved_at. Idempotent: saving a saved trip again ' +
    `changes nothing, it keeps its place and saved_at. ${LIMIT} ${SESSION}`,
  params: { productId: uuid },
  query: cardQuery,
  paramDescriptions: { productId: 'Trip id', ...cardDescriptions },
  success: { status: 200, description: 'saved trip' },
  response: ref('SavedTrip'),
  handle: async ({ caller, params, query }, app) => app.savedTrips.saveOne(caller, params.productId, query),
});

export const unsaveTrip = publicOperation({
  id: 'unsaveTrip',
  method: 'delete',
  path: '/v1/public/me/saved-trips/{productId}',
  summary: 'Take a trip off the list',
  description:
    'Takes the trip off the list, whether or not the site still sells it. Idempotent: a trip not on the list answers the same 200 ' +
    `{product_id, saved: false}. ${SESSION}`,
  params: { productId: uuid },
  paramDescriptions: { productId: 'Trip id' },
  success: { status: 200, description: '{product_id, saved: false}' },
  response: ref('SavedTripRemoved'),
  handle: async ({ caller, params }, app) => app.savedTrips.unsave(caller, params.productId),
});

export const savedTripsOperations = [listSavedTrips, saveTrips, getSavedTrip, saveTrip, unsaveTrip];
