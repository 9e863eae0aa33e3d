import { locale, slug } from '../kernel/params';
import { ref } from '../kernel/schema';
import { publicOperation } from './operation';

const ONLY_USED = "Only what the site's published trips use is listed, each with how many trips use it.";
const NAMED = { locale: 'Names come in this language when translated, else in English' };
/** Taken as by every filter list, so a storefront can send its language to all of them. */
const SELLER_LOCALE = { locale: "Accepted like the other filter lists'; a seller's texts are its own and come as written" };

export const listCities = publicOperation({
  id: 'listCities',
  method: 'get',
  path: '/v1/public/cities',
  catalogRead: true,
  summary: 'Cities trips start in',
  description: `The cities of the site's trips with their region and country, most trips first. ${ONLY_USED}`,
  query: { locale },
  paramDescriptions: NAMED,
  success: { status: 200, description: '{data: [city]}' },
  response: ref('CityList'),
  handle: async ({ caller, query }, app) => app.filterLists.cities(caller.storefront, query.locale),
});

export const listCategories = publicOperation({
  id: 'listCategories',
  method: 'get',
  path: '/v1/public/categories',
  catalogRead: true,
  summary: 'Categories of the trips',
  description: `The categories of the site's trips in the platform's order; slugs are stable. ${ONLY_USED}`,
  query: { locale },
  paramDescriptions: NAMED,
  success: { status: 200, description: '{data: [category]}' },
  response: ref('CategoryList'),
  handle: async ({ caller, query }, app) => app.filterLists.categories(caller.storefront, query.locale),
});

export const listPlaces = publicOperation({
  id: 'listPlaces',
  method: 'get',
  path: '/v1/public/places',
  catalogRead: true,
  summary: 'Places trips start at or visit',
  description: `The places the site's trips start at (their city) or visit (their stops), most trips first, each with the language it comes in; a place's trip_count is the total of GET /v1/public/products?place={slug}. ${ONLY_USED}`,
  query: { locale },
  paramDescriptions: { locale: "Places come in this language when the platform's place library has them in it, else in English" },
  success: { status: 200, description: '{data: [place]}' },
  response: ref('PlaceList'),
  handle: async ({ caller, query }, app) => app.filterLists.places(caller.storefront, query.locale),
});

export const getPlace = publicOperation({
  id: 'getPlace',
  method: 'get',
  path: '/v1/public/places/{place}',
  catalogRead: true,
  summary: 'One place, with its page',
  description:
    "One place of the site's trips with its page text (Markdown; a short line naming where its trips start when the platform wrote no page). 404 NotFound (entity place) for a place none of the site's trips starts at or visits. The slug matches whatever its case.",
  params: { place: slug },
  query: { locale },
  paramDescriptions: {
    place: 'Place slug, as /v1/public/places lists it',
    locale: 'The page comes in this language when the place library has it in it, else in English',
  },
  success: { status: 200, description: 'place page' },
  response: ref('PlaceDetail'),
  handle: async ({ caller, params, query }, app) => app.filterLists.place(caller.storefront, params.place, query.locale),
});

export const listSellers = publicOperation({
  id: 'listSellers',
  method: 'get',
  path: '/v1/public/sellers',
  catalogRead: true,
  summary: 'Sellers whose trips the site sells',
  description: `The sellers of the site's trips, by name: on a marketplace its member sellers with trips on it, on a seller's own site that seller. ${ONLY_USED}`,
  query: { locale },
  paramDescriptions: SELLER_LOCALE,
  success: { status: 200, description: '{data: [seller]}' },
  response: ref('SellerList'),
  handle: async ({ caller }, app) => app.filterLists.sellers(caller.storefront),
});

export const getSeller = publicOperation({
  id: 'getSeller',
  method: 'get',
  path: '/v1/public/sellers/{seller}',
  catalogRead: true,
  summary: 'One seller',
  description:
    'One seller of the site, with the hours within which it answers booking requests and replies to messages. 404 NotFound (entity seller) for a seller with no trip on the site.',
  params: { seller: slug },
  query: { locale },
  paramDescriptions: { seller: 'Seller slug, as /v1/public/sellers lists it', ...SELLER_LOCALE },
  success: { status: 200, description: 'seller' },
  response: ref('SellerProfile'),
  handle: async ({ caller, params }, app) => app.filterLists.seller(caller.storefront, params.seller),
});

export const filterListOperations = [listCities, listCategories, listPlaces, getPlace, listSellers, getSeller];
