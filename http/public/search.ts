import { TEMPLATES } from '../../domain/catalog/definitions';
import { currency, locale, slug } from '../kernel/params';
import { arr, enumOf, int, ref, str, withDefault } from '../kernel/schema';
import { answerText } from './answer-text';
import { publicOperation } from './operation';

const slugs = arr(slug, { minItems: 1, maxItems: 50 });
const minutes = int(0, 100000, { 'x-expected': 'whole minutes from 0 to 100000 (a day is 1440)' });

export const searchTrips = publicOperation({
  id: 'searchTrips',
  method: 'get',
  path: '/v1/public/search',
  catalogRead: true,
  summary: 'Typo-tolerant search of the published trips',
  description:
    "Free-text search of the storefront's published trips, best matches first: a word of the title counts more than the same word in a stop, the city or a category, " +
    'which counts more than one in the summary; a word as typed more than one it only starts, more than one within a typo or two. Trips with every word come first, then those with some, most words first. ' +
    'Places, the city and categories are also found by the names the filter lists give them in every language. ' +
    'Words in scripts written without spaces (Japanese, Chinese, ...) are matched by their pairs of characters. With no q, every trip, in the recommended order. ' +
    'Answers 503 SearchUnavailable while search is down or not set up, never an empty list: then fall back to GET /v1/public/products with q, which finds title and summary words.',
  query: {
    q: str({ maxLength: 200 }),
    locale,
    city: slugs,
    category: slugs,
    template: arr(enumOf(...TEMPLATES), { minItems: 1 }),
    duration_min: minutes,
    duration_max: minutes,
    page: withDefault(int(1, 1000), 1),
    per_page: withDefault(int(1, 50), 20),
    currency,
  },
  multi: ['city', 'category', 'template'],
  paramDescriptions: {
    q: 'Free text, typo-tolerant; empty or absent: every trip',
    locale: 'Trips published in this language come in it, the rest in English',
    city: 'City slugs (any case); an unknown slug finds no trips (200), not an error',
    category: 'Category slugs (any case); an unknown slug finds no trips (200), not an error',
    duration_min:
      'Trips lasting at least this many minutes; a multi-day trip lasts its days times 1440 (a 3-day trip is 4320), whatever its nights; trips of unknown length are left out',
    duration_max: 'Trips lasting at most this many minutes, counted as for duration_min; not below duration_min',
    page: '1 to 1000, default 1',
    per_page: '1 to 50, default 20',
    currency: "Currency of from_price: one of the storefront's currencies, else its display currency",
  },
  success: { status: 200, description: '{data, total, page, facets}' },
  response: ref('SearchResults'),
  handle: async ({ caller, query }, app) => answerText(app.search.search(caller.storefront, query)),
});

export const searchOperations = [searchTrips];
