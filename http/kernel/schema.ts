/** JSON Schemas (2020-12, as OpenAPI 3.1 uses) shared by the OpenAPI document and validation. */

import { TEMPLATES } from '../../domain/catalog/definitions';

export type Schema = Record<string, unknown>;

export const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
export const int = (minimum?: number, maximum?: number): Schema => ({ type: 'integer', ...(minimum !== undefined ? { minimum } : {}), ...(maximum !== undefined ? { maximum } : {}) });
export const bool: Schema = { type: 'boolean' };
export const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
export const arr = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });
export const obj = (properties: Record<string, Schema>, required: string[] = [], extra: Schema = {}): Schema => ({
  type: 'object', properties, required, additionalProperties: false, ...extra,
});
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
export const enumOf = (...values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });

export const locale = str({ pattern: '^[a-z]{2}$' });
export const currency = str({ pattern: '^[A-Z]{3}$' });
export const date = str({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const month = str({ pattern: '^\\d{4}-\\d{2}$' });
export const bookingRef = str({ pattern: '^TP-[A-Z0-9]{4}-[A-Z0-9]{4}$' });
export const slug = str({ minLength: 1, maxLength: 200 });
/** Ids are UUIDs (spec 2.1), including those a seller gives options, units, rooms and extras. */
export const uuid = str({ format: 'uuid' });
export const money: Schema = obj({ amount: int(), currency: str() }, ['amount', 'currency']);

const attributionField = (max: number) => str({ maxLength: max });
export const attribution: Schema = obj({
  utm_source: attributionField(200), utm_medium: attributionField(200), utm_campaign: attributionField(200),
  utm_term: attributionField(200), utm_content: attributionField(200), referrer: attributionField(500),
  gclid: attributionField(500), gbraid: attributionField(500), wbraid: attributionField(500),
  fbclid: attributionField(500), msclkid: attributionField(500), ttclid: attributionField(500),
});

export const selection: Schema = obj({
  option_id: str({ minLength: 1, maxLength: 100 }),
  start: str({ minLength: 10, maxLength: 16 }),
  units: arr(obj({ unit_id: str({ minLength: 1, maxLength: 100 }), qty: int(0, 50), ages: arr(int(0, 120), { maxItems: 50 }) }, ['unit_id', 'qty']), { minItems: 1, maxItems: 20 }),
  extras: arr(obj({ extra_id: str({ minLength: 1, maxLength: 100 }), qty: int(0, 100) }, ['extra_id', 'qty']), { maxItems: 50 }),
  rooms: arr(obj({ room_type_id: str({ minLength: 1, maxLength: 100 }), qty: int(1, 50), beds: str({ maxLength: 50 }) }, ['room_type_id', 'qty']), { maxItems: 50 }),
  pickup: nullable(obj({ place_id: str({ maxLength: 200 }), lat: { type: 'number', minimum: -90, maximum: 90 }, lng: { type: 'number', minimum: -180, maximum: 180 } })),
  currency,
  attribution,
}, ['option_id', 'start', 'units']);

export const quoteSelection: Schema = { ...selection, properties: { ...(selection.properties as Record<string, Schema>) } };
delete (quoteSelection.properties as Record<string, Schema>).attribution;

const selectionFields = selection.properties as Record<string, Schema>;

/** A hold's ref, or (for an on_request option) the selection itself. */
export const checkoutBody: Schema = obj({
  ref: bookingRef,
  option_id: selectionFields.option_id,
  start: selectionFields.start,
  units: selectionFields.units,
  extras: selectionFields.extras,
  rooms: selectionFields.rooms,
  pickup: selectionFields.pickup,
  currency,
  lead: obj({
    name: str({ minLength: 1, maxLength: 200 }),
    email: str({ format: 'email', maxLength: 320 }),
    phone: str({ pattern: '^\\+[1-9][0-9 ()-]{5,24}$' }),
  }, ['name', 'email', 'phone']),
  payment_method: enumOf('pay_on_arrival', 'payment_link', 'bank_transfer'),
  traveller_details: arr({ type: 'object' }, { maxItems: 50 }),
  pickup_details: { type: 'object' },
  special_requests: str({ maxLength: 2000 }),
  locale,
  warn_if_booked: bool,
  attribution,
}, ['lead']);

const namedSlug = obj({ slug: slug, name: str({ minLength: 1, maxLength: 200 }) }, ['slug', 'name']);
const unitType = enumOf('adult', 'child', 'infant', 'senior', 'student');
const nInt = nullable(int(0));
const policy = obj({ name: str({ minLength: 1 }), tiers: arr(obj({ from_days: int(0), to_days: nInt, refund_pct: int(0, 100) }, ['from_days', 'to_days', 'refund_pct'])) }, ['name', 'tiers']);

export const productDefinition: Schema = obj({
  slug: str({ pattern: '^[a-z0-9][a-z0-9-]{0,199}$' }),
  template: enumOf(...TEMPLATES),
  timezone: str({ minLength: 1 }),
  default_locale: locale,
  content: {
    type: 'object',
    minProperties: 1,
    propertyNames: { pattern: '^[a-z]{2}$' },
    additionalProperties: obj({
      title: str({ minLength: 1, maxLength: 200 }), summary: str({ maxLength: 1000 }), description: str({ maxLength: 20000 }),
      highlights: arr(str()), inclusions: arr(str()), exclusions: arr(str()),
      itinerary: arr(obj({ title: str(), body: str() }, ['title', 'body'])),
    }, ['title', 'summary', 'description', 'highlights', 'inclusions', 'exclusions', 'itinerary']),
  },
  city: namedSlug, region: namedSlug, country: namedSlug,
  categories: arr(namedSlug), places: arr(namedSlug),
  photos: arr(obj({ url: str({ minLength: 1 }), alt: str() }, ['url', 'alt'])),
  duration_minutes: nInt, duration_days: nInt, duration_nights: nInt,
  rating: nullable(obj({ average: { type: 'number', minimum: 0, maximum: 5 }, count: int(0) }, ['average', 'count'])),
  network: bool,
  options: arr(obj({
    id: uuid, name: str({ minLength: 1 }), is_default: bool, private: bool, vehicle: nullable(str()),
    sales_paused: bool, min_units: nInt, max_units: nInt,
    capacity_mode: enumOf('limited', 'free_sale', 'on_request'), confirmation: enumOf('instant', 'manual'), ask_for_price: bool,
    units: arr(obj({
      id: uuid, type: unitType, label: str({ minLength: 1 }), min_age: nInt, max_age: nInt,
      min_qty: nInt, max_qty: nInt, takes_seat: bool, free: bool,
    }, ['id', 'type', 'label', 'min_age', 'max_age', 'min_qty', 'max_qty', 'takes_seat', 'free']), { minItems: 1 }),
    pricing: obj({ tiers: arr(obj({
      min_pax: int(1), max_pax: nInt,
      unit_prices: { type: 'object', additionalProperties: int(0) },
      age_prices: { type: 'object', additionalProperties: arr(obj({ min_age: int(0), max_age: int(0), amount: int(0) }, ['min_age', 'max_age', 'amount'])) },
    }, ['min_pax', 'max_pax', 'unit_prices'])) }, ['tiers']),
    policy,
    traveller_details: obj({ scope: enumOf('lead'), fields: arr(str()), collect: enumOf('checkout'), due_hours_before: nInt }, ['scope', 'fields', 'collect', 'due_hours_before']),
    pickup: nullable(obj({ rules: arr(obj({ area: str({ minLength: 1 }), price: int(0) }, ['area', 'price'])) }, ['rules'])),
    room_types: arr(obj({ id: uuid, name: str(), sleeps: int(1, 20), solo_may_share: bool, supplement: int(0) }, ['id', 'name', 'sleeps', 'solo_may_share', 'supplement'])),
    availability: obj({
      times: arr(str({ pattern: '^\\d{2}:\\d{2}$' })), weekdays: arr(int(1, 7), { minItems: 1, uniqueItems: true }),
      from: date, until: nullable(date), capacity: nullable(int(1, 100000)), cutoff_hours: int(0, 8760), closed_dates: arr(date),
    }, ['times', 'weekdays', 'from', 'until', 'capacity', 'cutoff_hours', 'closed_dates']),
  }, ['id', 'name', 'is_default', 'private', 'vehicle', 'sales_paused', 'min_units', 'max_units', 'capacity_mode', 'confirmation',
    'ask_for_price', 'units', 'pricing', 'policy', 'traveller_details', 'pickup', 'room_types', 'availability']), { minItems: 1, maxItems: 50 }),
  extras: arr(obj({
    id: uuid, name: str({ minLength: 1 }), description: nullable(str()), per: enumOf('item'), who: enumOf('choose'), included: bool,
    option_ids: arr(uuid), min_age: nInt, max_age: nInt, unit_types: arr(unitType), max_per_booking: nInt, pay: enumOf('upfront', 'local'),
    price: int(0), local_price: nullable(money),
  }, ['id', 'name', 'description', 'per', 'who', 'included', 'option_ids', 'min_age', 'max_age', 'unit_types', 'max_per_booking', 'pay', 'price', 'local_price'])),
}, ['slug', 'template', 'timezone', 'default_locale', 'content', 'city', 'region', 'country', 'categories', 'places', 'photos',
  'duration_minutes', 'duration_days', 'duration_nights', 'rating', 'network', 'options', 'extras']);
