/** Answers of the catalog reads: storefront (2.2), trip cards and lists (2.3), trips (2.4). */
import { object, orNull, described, id, text, nInt, nStr, count, currencyCode, template, money, nMoney, namedSlug, Rating } from '../kernel/answer-schema';
import { locale } from '../kernel/params';
import { PICKUP_KINDS } from '../../domain/catalog/definitions';
import { pickupAreaFields } from './pickups.schemas';
import { Schema, arr, bool, enumOf, int, ref, str } from '../kernel/schema';

// ---------------------------------------------------------------- storefront (2.2)

const Storefront = object(
  {
    id,
    kind: enumOf('direct', 'marketplace'),
    name: text,
    languages: arr(locale),
    default_language: locale,
    currencies: arr(currencyCode),
    display_currency: currencyCode,
    rounding: {
      type: 'object',
      description:
        'Display rounding by currency: converted prices are rounded to a multiple of `increment` minor units; a currency not named is not rounded beyond its minor unit',
      additionalProperties: object({ increment: int(1), mode: enumOf('nearest', 'up') }),
    },
    allowed_origins: described(arr(str()), 'Browser origins that may use the website key; empty means server-to-server only'),
    terms_url: described(nStr, 'A path on the site or an address; null when none'),
    privacy_url: described(nStr, 'A path on the site or an address; null when none'),
    cookies_url: described(nStr, 'A path on the site or an address; null when none'),
    promise: described(orNull(object({ report_hours: int(0), payer: enumOf('seller', 'platform') })), "Marketplace only; null on a seller's own site"),
    integrations: object({
      gtm_container_id: nStr,
      ga4_measurement_id: nStr,
      google_ads: described(
        orNull(object({ conversion_id: nStr, purchase_label: nStr, lead_label: nStr, contact_label: nStr })),
        'null when Google Ads is not set up',
      ),
      meta_pixel_id: nStr,
      tiktok_pixel_id: nStr,
      microsoft_uet_id: nStr,
      consent: enumOf('opt_in', 'opt_in_strict', 'opt_out'),
      enhanced_conversions: bool,
    }),
  },
  {},
  {
    description: 'The storefront the key belongs to (spec 2.2)',
    if: { properties: { kind: { const: 'direct' } }, required: ['kind'] },
    then: { properties: { promise: { type: 'null' } } },
  },
);

// ---------------------------------------------------------------- trips (2.3, 2.4)

const FromPrice = object(
  { amount: int(), currency: currencyCode, group_size: int(1) },
  {},
  { description: 'The lowest per-person price the trip can be booked at for `group_size` travellers; for lists, never for booking' },
);

const TripCard = object(
  {
    id,
    slug: text,
    template,
    content_locale: described(locale, 'The language the text is in'),
    title: text,
    summary: text,
    duration_minutes: nInt,
    duration_days: nInt,
    duration_nights: nInt,
    sales_paused: bool,
    cover: described(orNull(object({ url: text, alt: text })), 'The first photo; null for a trip without photos (they list after trips with one)'),
    city: namedSlug,
    region: namedSlug,
    country: described(namedSlug, 'slug is the country code'),
    categories: arr(namedSlug),
    seller: namedSlug,
    from_price: described(orNull(ref('FromPrice')), 'null means ask the seller'),
  },
  {
    rating: Rating,
    group_price: described(
      nMoney,
      'Only when `travellers` is sent: what that many travellers pay together at its cheapest (every price table and special ahead, as from_price; null when the group cannot be priced or seated)',
    ),
    next_group_price: described(nMoney, 'Only when `travellers` is sent: what one more traveller would make the group pay (null when not priced)'),
  },
  { description: 'Trip card (spec 2.3)' },
);

const FacetValue = object({ value: text, name: nStr, count });
const facetList = arr(ref('FacetValue'));
const ratingFacets = arr(object({ value: { type: 'number', enum: [4.5, 4] }, name: nStr, count }));
const Facets = object(
  { city: facetList, category: facetList, template: facetList, duration: facetList, style: facetList, pickup: facetList, rating: ratingFacets },
  {},
  {
    description:
      'Counts over every match of the filters. rating values 4.5 and 4 each count trips rated that or better; duration lists the length buckets then the days buckets (a multi-day trip counts in multi_day and in its days bucket); city and category are named in `locale` as GET /v1/public/cities and /categories name them, the other facets have name null',
  },
);

const ProductList = object(
  {
    data: arr(ref('TripCard')),
    next_cursor: described(nStr, 'Pass as `cursor` for the next page; null on the last page'),
    total: described(count, 'Matches for the filters'),
  },
  { facets: described(ref('Facets'), 'Only with facets=true') },
);

const Unit = object({
  id,
  type: described(text, 'Kind of traveller; observed adult, child'),
  label: text,
  min_age: nInt,
  max_age: nInt,
  min_qty: nInt,
  max_qty: nInt,
  takes_seat: bool,
  free: bool,
});

const Option = object(
  {
    id,
    name: text,
    is_default: bool,
    private: bool,
    vehicle: nStr,
    vehicle_seats: described(nInt, 'Seats of each vehicle of a private option that counts them (a group takes as many vehicles as it fills); null otherwise'),
    sales_paused: bool,
    min_units: nInt,
    max_units: nInt,
    availability_type: described(text, 'Observed value start_time'),
    capacity_mode: described(enumOf('limited', 'free_sale', 'on_request'), 'The calendar counts places unless free_sale'),
    confirmation: enumOf('instant', 'manual'),
    ask_for_price: described(bool, 'true when travellers ask the seller for a price instead of booking'),
    units: arr(ref('Unit')),
    policy: ref('Policy'),
    traveller_details: object({
      scope: described(text, "Observed lead: the lead gives every traveller's details (or forwards each a link to fill in their own)"),
      fields: arr(text),
      collect: described(
        text,
        'checkout (every traveller, lead first, in the checkout body) or after_booking (on the manage page, GET/PUT /v1/public/bookings/{ref}/travellers, due due_hours_before the start)',
      ),
      due_hours_before: nInt,
    }),
    pickup: orNull(
      object({
        pickup_rules: described(
          arr(
            object(
              { area: described(text, "The area's name"), price: money, ...pickupAreaFields },
              {
                kind: described(
                  enumOf(...PICKUP_KINDS),
                  'hotel: the pickup comes to where travellers stay in the area (a hotel or an address); meeting_point, airport, port: it meets them at such a place',
                ),
              },
            ),
          ),
          'Areas covered with their prices',
        ),
      }),
    ),
  },
  {
    room_types: described(
      arr(object({ id, name: text, sleeps: int(1), solo_may_share: bool, supplement: described(money, 'Per traveller over the per-person price') })),
      'For multi-day options',
    ),
    start_times: arr(str({ pattern: '^\\d{2}:\\d{2}$' })),
    cutoff_hours: int(0),
  },
);

const Extra = object({
  id: described(id, 'Chosen in quote, hold and checkout bodies as extras[].extra_id'),
  name: text,
  description: nStr,
  per: described(text, 'Observed item'),
  who: described(text, 'Observed choose'),
  included: bool,
  option_ids: described(arr(id), 'Empty = every option'),
  min_age: nInt,
  max_age: nInt,
  unit_types: arr(text),
  max_per_booking: nInt,
  pay: described(text, 'Observed upfront'),
  price: money,
  unit_prices: { type: 'object' },
  local_price: nMoney,
});

const Trip = object(
  {
    id,
    slug: text,
    content_locale: locale,
    locales: arr(locale),
    title: text,
    timezone: described(text, 'IANA zone name; every local start of the trip is in it'),
    sales_paused: bool,
    options: arr(ref('Option'), { minItems: 1 }),
    city: namedSlug,
    region: namedSlug,
    country: namedSlug,
    seller: object({ slug: text, name: text, base: text, blurb: text }),
    extras: arr(ref('Extra')),
    from_price: orNull(ref('FromPrice')),
  },
  {
    template,
    summary: text,
    description: text,
    highlights: arr(text),
    itinerary: arr(object({ title: text, body: text })),
    inclusions: arr(text),
    exclusions: arr(text),
    duration_minutes: nInt,
    duration_days: nInt,
    duration_nights: nInt,
    photos: described(arr(object({ url: text, alt: text })), 'In order; the first is the cover'),
    cover: described(orNull(object({ url: text, alt: text })), 'The first photo, as on the trip card; null for a trip without photos'),
    categories: arr(namedSlug),
    places: arr(namedSlug),
    rating: Rating,
  },
  { description: 'A trip (spec 2.4)' },
);

export const catalogSchemas: Record<string, Schema> = { Storefront, FromPrice, TripCard, FacetValue, Facets, ProductList, Unit, Option, Extra, Trip };
