/** Answers of GET /v1/public/search (spec 2.3 search items and facets, 4.2). */
import { count, described, id, nInt, namedSlug, object, orNull, template, text } from '../kernel/answer-schema';
import { locale } from '../kernel/params';
import { Schema, arr, bool, int, ref } from '../kernel/schema';

const SearchItem = object(
  {
    id,
    slug: text,
    template,
    content_locale: described(locale, 'The language the text is in'),
    title: text,
    duration_minutes: nInt,
    duration_days: nInt,
    duration_nights: nInt,
    sales_paused: bool,
    city: namedSlug,
    region: namedSlug,
    country: described(namedSlug, 'slug is the country code'),
    seller: namedSlug,
    from_price: described(orNull(ref('FromPrice')), 'null means ask the seller'),
  },
  {},
  { description: 'Search result item (spec 2.3): the trip card fields a result carries' },
);

const facetList = arr(ref('FacetValue'));
const SearchFacets = object(
  { city: facetList, category: facetList, template: facetList, duration: facetList },
  {},
  {
    description:
      'Counts over every match; duration lists the length buckets then the days buckets (a multi-day trip counts in multi_day and in its days bucket); city and category are named in `locale` as GET /v1/public/cities and /categories name them, the others have name null',
  },
);

const SearchResults = object(
  {
    data: arr(ref('SearchItem')),
    total: described(count, 'Matches for q and the filters'),
    page: described(int(1, 1000), 'The page answered'),
    facets: ref('SearchFacets'),
  },
  {},
  { description: 'A page of search results; a page past the last has no items' },
);

export const searchSchemas: Record<string, Schema> = { SearchItem, SearchFacets, SearchResults };
