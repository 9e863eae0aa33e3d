/** Answers of the seller's products. */
import { opened, id, page, timestamp } from '../kernel/answer-schema';
import { PICKUP_KINDS, TEMPLATES, type ProductDefinition } from '../../domain/catalog/definitions';
import { date, locale, money, uuid } from '../kernel/params';
import { Schema, arr, bool, describes, enumOf, int, nullable, obj, ref, str } from '../kernel/schema';
import { pickupAreaFields } from './pickup-areas.schemas';

/** Lists filter by these slugs whatever the case a storefront sends: they are stored lowercase. */
const lowercaseSlug = str({
  pattern: '^[a-z0-9][a-z0-9-]{0,199}$',
  'x-expected': 'lowercase letters, digits and hyphens, starting with a letter or digit, e.g. desert-safari',
});
const namedSlug = obj({ slug: lowercaseSlug, name: str({ minLength: 1, maxLength: 200 }) }, ['slug', 'name']);
const unitType = enumOf('adult', 'child', 'infant', 'senior', 'student');
const nInt = nullable(int(0));
const policy = obj(
  { name: str({ minLength: 1 }), tiers: arr(obj({ from_days: int(0), to_days: nInt, refund_pct: int(0, 100) }, ['from_days', 'to_days', 'refund_pct'])) },
  ['name', 'tiers'],
);

/** A price table: per-traveller prices (USD cents) by group size. */
const priceTiers = arr(
  obj(
    {
      min_pax: int(1),
      max_pax: nInt,
      unit_prices: { type: 'object', additionalProperties: int(0) },
      age_prices: {
        type: 'object',
        additionalProperties: arr(obj({ min_age: int(0), max_age: int(0), amount: int(0) }, ['min_age', 'max_age', 'amount'])),
      },
    },
    ['min_pax', 'max_pax', 'unit_prices'],
  ),
);

/** The product definition: the body of POST /v1/products and PUT /v1/products/{id}. */
export const productDefinition = describes<ProductDefinition>()(
  obj(
    {
      slug: lowercaseSlug,
      template: enumOf(...TEMPLATES),
      timezone: str({ minLength: 1 }),
      default_locale: locale,
      content: {
        type: 'object',
        minProperties: 1,
        propertyNames: locale,
        additionalProperties: obj(
          {
            title: str({ minLength: 1, maxLength: 200 }),
            summary: str({ maxLength: 1000 }),
            description: str({ maxLength: 20000 }),
            highlights: arr(str()),
            inclusions: arr(str()),
            exclusions: arr(str()),
            itinerary: arr(obj({ title: str(), body: str() }, ['title', 'body'])),
          },
          ['title', 'summary', 'description', 'highlights', 'inclusions', 'exclusions', 'itinerary'],
        ),
      },
      city: namedSlug,
      region: namedSlug,
      country: namedSlug,
      categories: arr(namedSlug),
      places: arr(namedSlug),
      photos: arr(obj({ url: str({ minLength: 1 }), alt: str() }, ['url', 'alt'])),
      duration_minutes: nInt,
      duration_days: nInt,
      duration_nights: nInt,
      rating: nullable(obj({ average: { type: 'number', minimum: 0, maximum: 5 }, count: int(0) }, ['average', 'count'])),
      network: bool,
      options: arr(
        obj(
          {
            id: uuid,
            name: str({ minLength: 1 }),
            is_default: bool,
            private: bool,
            vehicle: nullable(str()),
            vehicles: {
              ...nullable(
                obj(
                  {
                    seats: int(1, 100),
                    per_booking_max: nullable(int(1, 1000)),
                    daily_limit: nullable(obj({ name: str({ minLength: 1, maxLength: 200 }), count: int(1, 10000) }, ['name', 'count'])),
                  },
                  ['seats', 'per_booking_max', 'daily_limit'],
                ),
              ),
              description:
                'How the vehicles named by `vehicle` are counted: `seats` per vehicle for travellers who take a seat, at most `per_booking_max` ' +
                'vehicles a booking (null: no limit), `daily_limit` vehicles a local day across all starts (null: no limit). Absent or null: one vehicle a booking, not counted',
            },
            sales_paused: bool,
            min_units: nInt,
            max_units: nInt,
            capacity_mode: enumOf('limited', 'free_sale', 'on_request'),
            confirmation: enumOf('instant', 'manual'),
            ask_for_price: bool,
            units: arr(
              obj(
                {
                  id: uuid,
                  type: unitType,
                  label: str({ minLength: 1 }),
                  min_age: nInt,
                  max_age: nInt,
                  min_qty: nInt,
                  max_qty: nInt,
                  takes_seat: bool,
                  free: bool,
                },
                ['id', 'type', 'label', 'min_age', 'max_age', 'min_qty', 'max_qty', 'takes_seat', 'free'],
              ),
              { minItems: 1 },
            ),
            pricing: obj(
              {
                tiers: priceTiers,
                seasons: arr(
                  obj({ name: str({ minLength: 1 }), from: nullable(date), until: nullable(date), weekdays: arr(int(1, 7)), tiers: priceTiers }, [
                    'name',
                    'from',
                    'until',
                    'tiers',
                  ]),
                ),
                specials: arr(
                  obj({ name: str({ minLength: 1 }), from: date, until: date, weekdays: arr(int(1, 7)), times: arr(str()), percent_off: int(1, 99) }, [
                    'name',
                    'from',
                    'until',
                    'percent_off',
                  ]),
                ),
              },
              ['tiers'],
            ),
            policy,
            traveller_details: obj({ scope: enumOf('lead'), fields: arr(str()), collect: enumOf('checkout', 'after_booking'), due_hours_before: nInt }, [
              'scope',
              'fields',
              'collect',
              'due_hours_before',
            ]),
            pickup: nullable(
              obj(
                {
                  rules: arr(
                    obj(
                      {
                        area: str({ minLength: 1 }),
                        price: int(0),
                        kind: {
                          ...enumOf(...PICKUP_KINDS),
                          description:
                            'hotel (the default): the pickup comes to where travellers stay in the area; meeting_point, airport, port: it meets them at such a place',
                        },
                        ...pickupAreaFields,
                      },
                      ['area', 'price'],
                    ),
                  ),
                },
                ['rules'],
              ),
            ),
            room_types: arr(
              obj({ id: uuid, name: str(), sleeps: int(1, 20), solo_may_share: bool, supplement: int(0) }, [
                'id',
                'name',
                'sleeps',
                'solo_may_share',
                'supplement',
              ]),
            ),
            availability: obj(
              {
                times: arr(str({ pattern: '^\\d{2}:\\d{2}$', 'x-expected': 'a local time HH:MM, e.g. 09:30' })),
                weekdays: arr(int(1, 7), { minItems: 1, uniqueItems: true }),
                from: date,
                until: nullable(date),
                capacity: nullable(int(1, 100000)),
                cutoff_hours: int(0, 8760),
                closed_dates: arr(date),
              },
              ['times', 'weekdays', 'from', 'until', 'capacity', 'cutoff_hours', 'closed_dates'],
            ),
          },
          [
            'id',
            'name',
            'is_default',
            'private',
            'vehicle',
            'sales_paused',
            'min_units',
            'max_units',
            'capacity_mode',
            'confirmation',
            'ask_for_price',
            'units',
            'pricing',
            'policy',
            'traveller_details',
            'pickup',
            'room_types',
            'availability',
          ],
        ),
        { minItems: 1, maxItems: 50 },
      ),
      extras: arr(
        obj(
          {
            id: uuid,
            name: str({ minLength: 1 }),
            description: nullable(str()),
            per: enumOf('item'),
            who: enumOf('choose'),
            included: bool,
            option_ids: arr(uuid),
            min_age: nInt,
            max_age: nInt,
            unit_types: arr(unitType),
            max_per_booking: nInt,
            pay: enumOf('upfront', 'local'),
            price: int(0),
            local_price: nullable(money),
            // Units for sale per start, held and booked with the places (ExtraSoldOut); absent: unlimited.
            stock_per_start: int(0),
          },
          [
            'id',
            'name',
            'description',
            'per',
            'who',
            'included',
            'option_ids',
            'min_age',
            'max_age',
            'unit_types',
            'max_per_booking',
            'pay',
            'price',
            'local_price',
          ],
        ),
      ),
    },
    [
      'slug',
      'template',
      'timezone',
      'default_locale',
      'content',
      'city',
      'region',
      'country',
      'categories',
      'places',
      'photos',
      'duration_minutes',
      'duration_days',
      'duration_nights',
      'rating',
      'network',
      'options',
      'extras',
    ],
  ),
);

// ---------------------------------------------------------------- seller interface (4.9)

const definition = opened(productDefinition) as Schema;
const SellerProduct: Schema = {
  ...definition,
  description: 'A product as its seller defined it, with id, published and timestamps',
  properties: {
    id,
    published: bool,
    created_at: timestamp,
    updated_at: timestamp,
    ...(definition.properties as Record<string, Schema>),
  },
  required: ['id', 'published', 'created_at', 'updated_at', ...(definition.required as string[])],
};

export const productSchemas: Record<string, Schema> = { SellerProduct, SellerProductList: page(ref('SellerProduct')) };
