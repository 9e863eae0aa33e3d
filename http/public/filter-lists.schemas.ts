/** Answers of the filter lists (spec 4.8): cities, categories, places and sellers, with place and seller pages. */
import { object, described, text, count, namedSlug } from '../kernel/answer-schema';
import { locale } from '../kernel/params';
import { Schema, arr, int, ref } from '../kernel/schema';

const slug = described(text, 'Stable, lowercase: what the trip list takes in its filter of the same name');
const tripCount = described(count, "How many of the site's published trips use it");
const list = (item: string, description: string): Schema => object({ data: arr(ref(item)) }, {}, { description });

const City = object(
  {
    slug,
    name: described(text, 'In `locale` when translated, else in English'),
    region: described(namedSlug, 'The region the city is in (its slug is what `region` filters by)'),
    country: described(namedSlug, 'slug is the country code'),
    trip_count: tripCount,
  },
  {},
  { description: 'A city trips start in (spec 4.8)' },
);

const Category = object(
  { slug, name: described(text, 'In `locale` when translated, else in English'), trip_count: tripCount },
  {},
  { description: "A category of the platform's list (spec 4.8)" },
);

const placeFields = {
  slug,
  name: described(text, 'In `locale` when the place library translates the name, else en'),
  content_locale: described(
    locale,
    'The language the place page is written in: `locale` when the place library has the page (or, for a place with no page, its name) in it, else en',
  ),
  trip_count: described(count, "How many of the site's published trips start at or visit it"),
};

const Place = object(placeFields, {}, { description: 'A place trips start at or visit (spec 4.8); `place` and `via` filter by its slug' });

const PlaceDetail = object(
  {
    ...placeFields,
    locales: described(arr(locale), "Languages the platform's place library has a written page for the place in; empty when it has none"),
    body: described(
      text,
      "The place page in content_locale, Markdown (render with an HTML-escaping renderer). Never null: a place with no written page in content_locale gets a line naming the cities (and countries) the site's trips that start at or visit it start from",
    ),
  },
  {},
  { description: 'One place with its page (spec 4.8)' },
);

const sellerFields = {
  slug: described(text, 'What the trip list takes in `seller` (marketplace)'),
  name: text,
  base: described(text, 'Where the seller is based'),
  blurb: text,
  trip_count: tripCount,
};

const SellerSummary = object(sellerFields, {}, { description: 'A seller whose trips the site sells (spec 4.8)' });

const SellerProfile = object(
  {
    ...sellerFields,
    answer_hours: described(int(1), 'Hours within which the seller answers a booking request it confirms by hand'),
    reply_hours: described(int(1), "Hours within which the seller replies to a traveller's message or enquiry"),
  },
  {},
  { description: 'One seller of the site (spec 4.8)' },
);

export const filterListSchemas: Record<string, Schema> = {
  City,
  CityList: list('City', 'Cities by trip count, most first, then by name'),
  Category,
  CategoryList: list('Category', "Categories in the platform's order; categories the platform does not list yet follow, by name"),
  Place,
  PlaceList: list('Place', 'Places by trip count, most first, then by name'),
  PlaceDetail,
  SellerSummary,
  SellerList: list('SellerSummary', 'Sellers by name'),
  SellerProfile,
};
