import { TEMPLATES } from '../../domain/catalog/definitions';
import { currency, date, locale, month, slug } from '../kernel/params';
import { arr, enumOf, int, num, ref, str, withDefault } from '../kernel/schema';
import { answerText } from './answer-text';
import { publicOperation } from './operation';

const list = <const V extends readonly string[]>(...values: V) => arr(enumOf(...values), { minItems: 1 });
const slugs = arr(slug, { minItems: 1, maxItems: 50 });
const booleanParam = enumOf('true', 'false');

export const getStorefront = publicOperation({
  id: 'getStorefront',
  method: 'get',
  path: '/v1/public/storefront',
  catalogRead: true,
  summary: 'The storefront the key belongs to',
  description:
    'The storefront (site) the website key belongs to: kind, languages, currencies and display rounding, allowed browser origins, ' +
    'legal page addresses, the marketplace promise and analytics integrations. Seller, site, languages and currencies always come from the key, never from request fields.',
  success: { status: 200, description: 'storefront' },
  response: ref('Storefront'),
  handle: async ({ caller }, app) => app.catalog.storefront(caller.storefront),
});

export const listProducts = publicOperation({
  id: 'listProducts',
  method: 'get',
  path: '/v1/public/products',
  catalogRead: true,
  summary: 'Published trips, a page at a time',
  description:
    'Published trips of the storefront, a page at a time, in `recommended` order by default. Multi-value parameters are comma-separated. ' +
    'q, travellers (group prices, and max_price with travellers), date, month, sort and facets work over the first trips the other filters find (at most 1000); every other filter selects before that window. ' +
    'A cursor from a different list (other filters, or an older order) is refused with 422 InvalidInput reason cursor_not_this_list: restart at the first page.',
  query: {
    locale,
    q: str({ maxLength: 200 }),
    template: list(...TEMPLATES),
    city: slugs,
    region: slugs,
    place: slugs,
    category: slugs,
    country: slugs,
    seller: slugs,
    via: slugs,
    limit: withDefault(int(1, 100), 20),
    cursor: str({ minLength: 1, maxLength: 500 }),
    currency,
    duration: list('up_to_3h', '3h_to_6h', 'full_day', 'multi_day', 'days_2_3', 'days_4_7', 'days_8_plus'),
    style: list('private', 'shared'),
    pickup: enumOf('hotel'),
    confirmation: enumOf('instant'),
    min_rating: num(0, 5),
    price: list('shown', 'ask'),
    travellers: int(1, 50),
    min_price: int(0, 1000000000),
    max_price: int(0, 1000000000),
    date,
    month,
    sort: enumOf('recommended', 'price', 'price_desc', 'rating', 'duration', 'duration_desc'),
    facets: booleanParam,
    home: booleanParam,
    collection: slug,
  },
  multi: ['template', 'city', 'region', 'place', 'category', 'country', 'seller', 'via', 'duration', 'style', 'price'],
  paramDescriptions: {
    locale: 'Trips published in this language come in it, the rest in English',
    q: 'Free text, typo-tolerant; places, categories and city count as well as title and summary; best matches first',
    city: 'City slugs; any case; an unknown slug finds no trips (200, total 0), not an error',
    region: 'Region slugs; any case; an unknown slug finds no trips (200, total 0), not an error',
    place: 'Trips starting at or visiting one of these places; any case; an unknown slug finds no trips (200, total 0), not an error',
    category: 'Category slugs; any case; an unknown slug finds no trips (200, total 0), not an error',
    country: 'Country codes; any case; an unknown code finds no trips (200, total 0), not an error',
    seller:
      "Seller slugs (any case). On a marketplace: trips of these sellers. On a seller's own site every trip is that seller's: its own slug finds them all, any other slug finds none (total 0). An unknown slug finds no trips (200), not an error",
    via: 'Place slugs: only trips whose stops visit one; any case; an unknown slug finds no trips (200, total 0), not an error',
    limit: '1 to 100, default 20',
    currency: "Currency of from_price: one of the storefront's currencies, else its display currency",
    style: 'Whether the main option (default on sale, else first) is private; trips with no option on sale are in neither',
    pickup: 'hotel: trips with an option on sale that picks up where travellers stay',
    confirmation: 'instant: trips with an option on sale that confirms at once',
    min_rating: 'Unrated trips are left out',
    price: 'shown (priced trips), ask (ask-for-price trips), or both',
    travellers: 'Group size; adds group_price and next_group_price to each card',
    min_price:
      "Minor units of the list's currency, per traveller; trips with no such price are left out; above max_price is 422 InvalidInput (field min_price)",
    max_price: "Minor units of the list's currency, per traveller (the group share with travellers, else from_price); trips with no such price are left out",
    date: "YYYY-MM-DD in each trip's own zone: only trips with a start that day the group can book as a quote would (open, before its cutoff, places and vehicles for all, a way to pay still open); replaces month",
    month: 'YYYY-MM: trips with such a start in the month, from today on',
    facets: 'true adds the facets object',
    home: 'true: the home rail. On a marketplace: trips hidden from the home are left out; in the recommended order without q, featured trips first in staff order, then a mix across sellers and countries within the first 12, then the rest',
    collection:
      'Collection slug from GET /v1/public/collections (marketplace only): its trips, in staff order in the recommended order without q; replaces home; an unknown collection or a direct storefront answers an empty list',
  },
  success: { status: 200, description: '{data, next_cursor, total, facets?}' },
  response: ref('ProductList'),
  handle: async ({ caller, query }, app) => answerText(app.catalog.listProducts(caller.storefront, { ...query, facets: query.facets === 'true' })),
});

export const getProduct = publicOperation({
  id: 'getProduct',
  method: 'get',
  path: '/v1/public/products/{product}',
  catalogRead: true,
  summary: 'One trip by id or slug',
  description:
    'One trip with its text, photos, options (units, cancellation policy, traveller details, pickup, rooms), extras and from_price. 404 NotFound (entity product) for a trip the site does not sell or have. ' +
    'On a marketplace a bare slug answers the trip when one seller of the site uses it; when several do, 409 Conflict reason slug_not_unique with details {slug, sellers} (their slugs): ask again with `seller`.',
  params: { product: str({ minLength: 1, maxLength: 2000 }) },
  query: { locale, currency, seller: slug },
  paramDescriptions: {
    product: 'Trip id (exact) or slug (any case); on a marketplace, `seller` picks among trips of several sellers with the same slug',
    seller:
      "Seller slug (any case), to tell apart trips of the same slug on a marketplace; a seller that is not the trip's answers 404, whether the trip is asked by id or by slug",
  },
  success: { status: 200, description: 'trip' },
  response: ref('Trip'),
  handle: async ({ caller, params, query }, app) => app.catalog.product(caller.storefront, params.product, query),
});

export const catalogOperations = [getStorefront, listProducts, getProduct];
