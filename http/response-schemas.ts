/**
 * JSON Schemas (2020-12, as OpenAPI 3.1 uses) of what the server answers (spec parts 2, 4 and 7).
 * They are published under `components.schemas` of the OpenAPI document and referenced from each
 * operation's success response. Every object stays open (additionalProperties: true): new fields
 * may appear and clients ignore fields they do not know (spec part 9).
 */
import { TEMPLATES } from '../domain/catalog/definitions';
import { Schema, arr, bool, bookingRef, date, enumOf, int, locale, obj, productDefinition, ref, str } from './kernel/schema';

// ---------------------------------------------------------------- helpers

/** An open object: the fields of `required` are always there, those of `optional` may be. */
const object = (required: Record<string, Schema>, optional: Record<string, Schema> = {}, extra: Schema = {}): Schema =>
  obj({ ...required, ...optional }, Object.keys(required), { additionalProperties: true, ...extra });

/** The schema, or null (`type: [..., 'null']`; a `$ref` or a typeless schema becomes an anyOf). */
function orNull(schema: Schema): Schema {
  const type = schema.type;
  if (typeof type === 'string' && !('$ref' in schema)) {
    const enumValues = schema.enum as unknown[] | undefined;
    return { ...schema, type: [type, 'null'], ...(enumValues ? { enum: [...enumValues, null] } : {}) };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

const described = (schema: Schema, description: string): Schema => ({ ...schema, description });

/** A copy of a request schema with every closed object opened (for answers that echo a definition). */
function opened(schema: unknown): any {
  if (Array.isArray(schema)) return schema.map(opened);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === 'additionalProperties' && value === false ? true : opened(value);
  }
  return out;
}

// ---------------------------------------------------------------- conventions (spec 2.1)

const id = str({ format: 'uuid', description: 'UUID' });
const text = str();
const nInt = orNull(int());
const nStr = orNull(str());
const count = int(0);
/** ISO 8601 UTC with milliseconds. */
const timestamp = str({ format: 'date-time', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$', description: 'ISO 8601 UTC with milliseconds' });
const nTimestamp = orNull(timestamp);
/** YYYY-MM-DDTHH:MM in the trip's own zone, or YYYY-MM-DD for an option open all day. */
const localStart = str({
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2})?$',
  description: "Local start: YYYY-MM-DDTHH:MM in the trip's own timezone, or YYYY-MM-DD for an option open all day; never converted",
});
const currencyCode = str({ pattern: '^[A-Z]{3}$' });
const template = enumOf(...TEMPLATES);
const money = ref('Money');
const nMoney = orNull(money);
const namedSlug = ref('NamedSlug');

// ---------------------------------------------------------------- shared pieces

const Money = object(
  { amount: described(int(), "In the currency's minor units (2 decimals for USD, 3 for OMR, 0 for JPY); never a float"), currency: currencyCode },
  {},
  { description: 'An exact amount; clients never add, round or convert amounts themselves' },
);

const NamedSlug = object({ slug: text, name: text });

const Rating = orNull(object({ average: { type: 'number', minimum: 0, maximum: 5 }, count }));

const PolicyTier = object({
  from_days: int(0),
  to_days: described(nInt, 'null = open-ended'),
  refund_pct: int(0, 100),
});

const Policy = object(
  { name: text, tiers: arr(ref('PolicyTier')) },
  { preset: described(text, 'Machine name of the policy (always present in quotes)') },
  { description: 'Cancellation policy; a tier applies by days before the start' },
);

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
      description: 'Display rounding by currency: converted prices are rounded to a multiple of `increment` minor units; a currency not named is not rounded beyond its minor unit',
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
      google_ads: described(orNull(object({ conversion_id: nStr, purchase_label: nStr, lead_label: nStr, contact_label: nStr })), 'null when Google Ads is not set up'),
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
    group_price: described(nMoney, 'Only when `travellers` is sent: what that many travellers pay together (null when the group cannot be priced)'),
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
  { description: 'Counts over every match of the filters. rating values 4.5 and 4 each count trips rated that or better; duration lists the length buckets then the days buckets (a multi-day trip counts in multi_day and in its days bucket)' },
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
      scope: described(text, 'Observed lead'),
      fields: arr(text),
      collect: described(text, 'Observed checkout'),
      due_hours_before: nInt,
    }),
    pickup: orNull(object({ pickup_rules: described(arr(object({ area: text, price: money })), 'Areas covered with their prices') })),
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

const Extra = object(
  {
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
  },
);

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
    categories: arr(namedSlug),
    places: arr(namedSlug),
    rating: Rating,
  },
  { description: 'A trip (spec 2.4)' },
);

// ---------------------------------------------------------------- calendar (2.5)

const startStatus = described(enumOf('open', 'sold_out', 'closed', 'past_cutoff'), 'open = bookable, sold_out, closed = does not run, past_cutoff = too late');

const CalendarDay = object(
  {
    date,
    status: startStatus,
    starts: arr(object({
      time: described(orNull(str({ pattern: '^\\d{2}:\\d{2}$' })), 'HH:MM local; null = open all day'),
      status: startStatus,
      remaining: described(orNull(int(0)), 'null when places are not counted'),
    })),
  },
  {},
  { description: 'A day of an option calendar (spec 2.5); no prices' },
);

const CalendarDays = arr(ref('CalendarDay'), { description: 'Every day of the month, in order' });

// ---------------------------------------------------------------- quote, hold (2.6, 2.7)

const QuoteLine = object({
  kind: enumOf('unit', 'extra', 'room', 'pickup'),
  ref: described(text, 'Id of the unit, extra or room type (the area for pickup)'),
  label: text,
  qty: int(0),
  unit_price: money,
  original_unit_price: described(nMoney, "A special's price before discount, or null"),
  total: money,
  pay_at: enumOf('upfront', 'local'),
  included: bool,
  vehicle: nStr,
});

const Quote = object(
  {
    option_id: id,
    lines: arr(ref('QuoteLine')),
    totals: object({
      due_now: described(money, 'Paid when booking'),
      pay_locally: described(arr(money), 'Paid on the day, each in its own currency'),
      grand_total: money,
    }),
    confirmation: enumOf('instant', 'manual'),
    pending_expires_at: nTimestamp,
    remaining: described(orNull(int(0)), 'Places left before this booking, when counted'),
    pax: int(0),
    pairing: described(bool, 'A solo traveller in a shared room will be paired later'),
    vehicles: arr(object({ name: text, count: int(0) })),
    fx: object({
      base: currencyCode,
      quote: currencyCode,
      rate: str({ pattern: '^\\d+(\\.\\d+)?$', description: 'Units of `quote` per unit of `base`, as a decimal string' }),
      rate_id: text,
      as_of: timestamp,
    }),
    policy: { allOf: [ref('Policy'), { required: ['preset'] }] },
    pickup: orNull(object({ area: text, price: money })),
  },
  {},
  { description: 'A quote (spec 2.6): lines add up exactly to totals after rounding' },
);

const Hold = object(
  {
    ref: bookingRef,
    status: { const: 'on_hold' },
    hold_expires_at: timestamp,
    start: localStart,
    quote: ref('Quote'),
  },
  {},
  { description: 'A hold (spec 2.7): places kept until hold_expires_at; its ref is the ref of the booking it becomes' },
);

const HoldStatus = object(
  {
    ref: bookingRef,
    status: described(enumOf('on_hold', 'expired', 'checked_out'), 'expired once hold_expires_at has passed without checkout; checked_out once a booking was made from it'),
    hold_expires_at: timestamp,
    start: localStart,
    quote: ref('Quote'),
  },
  {},
  { description: 'How a hold stands' },
);

// ---------------------------------------------------------------- bookings (2.8)

const Cancellation = object({ by: enumOf('traveller', 'seller'), refund_pct: int(0, 100), refund: money });

const BookingView = object(
  {
    ref: bookingRef,
    status: enumOf('on_hold', 'confirmed', 'pending', 'cancelled'),
    start: localStart,
    pax: int(0),
    hold_expires_at: nTimestamp,
    pending_expires_at: nTimestamp,
    trip: described(object({ title: text, option: text, product_id: id }), 'The trip as sold'),
    payment: object({
      method: described(nStr, 'pay_on_arrival, payment_link or bank_transfer; null when none was chosen'),
      status: described(text, 'Values shown: unpaid, pay_on_arrival, proof_submitted. Also: paid (settled when booking, where the site has no way to pay set up), refunded (all that was paid went back), cancelled (a cancelled booking that had nothing paid owes nothing)'),
      due_at: nTimestamp,
      on_arrival: described(nMoney, "The amount to bring, in the booking's currency or the first currency the pay-on-arrival method accepts; read its currency"),
      bank: orNull({ type: 'object' }),
      receipt: orNull({ type: 'object' }),
      link: orNull({ type: 'object' }),
    }),
    details: described(object({ status: described(text, 'Value shown: not_needed. Also: complete (the option collects details at checkout and they were given)'), due_at: nTimestamp, needed: bool, complete: bool, overdue: bool }), 'Traveller details'),
    cancellation: orNull(ref('Cancellation')),
    rejection_reason: nStr,
    quote: described(ref('Quote'), 'The quote as sold'),
  },
  {},
  { description: "A booking (spec 2.8); never carries the lead's contact details" },
);

const CheckoutBooking = {
  description: 'The booking view plus its tokens. booking_token opens the booking (view, refund, cancel); contact_token fixes the lead contact. Both are null on a repeated checkout of the same hold',
  allOf: [
    ref('BookingView'),
    object({}, { booking_token: nStr, contact_token: nStr }),
  ],
};

const RefundPreview = object(
  { days_before: int(), refund_pct: int(0, 100), refund: money, paid: money },
  {},
  { description: 'What cancelling now gives back under the policy the booking was sold with' },
);

const CancelResult = object({ ref: bookingRef, status: { const: 'cancelled' }, cancellation: ref('Cancellation') });

const PaymentMethods = arr(
  object({
    kind: described(text, 'Observed pay_on_arrival, payment_link'),
    deadline_hours: described(nInt, 'Must be paid this many hours before the start; null when paid on the day'),
    currencies: described(arr(currencyCode), 'May be empty'),
  }),
  { description: 'Only methods whose time to pay ends in time for the start; bank details are never here' },
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

const page = (item: Schema): Schema => object({ data: arr(item), next_cursor: nStr, total: count });

const SellerBooking = { allOf: [ref('BookingView'), object({ placed_at: timestamp })] };

// ---------------------------------------------------------------- problems (part 7)

const InputProblem = object(
  { reason: described(text, 'snake_case, e.g. param_values, cursor_not_this_list, required, invalid_value'), field: text, detail: text },
  { details: { type: 'object' } },
);

/** Status of each code (part 7); every other quote, hold or checkout refusal is 422. */
const STATUS_OF: Record<string, number> = {
  Unauthenticated: 401, NotPermitted: 403, OriginNotAllowed: 403, NotFound: 404, Conflict: 409, InvalidInput: 422,
  PriceTableNotMonotonic: 422, RateLimited: 429, SearchUnavailable: 503, Overloaded: 503,
  SlotClosed: 422, SoldOut: 422, NotEnoughCapacity: 422, PastCutoff: 422, PriceNotAvailable: 422, UnitQuantityInvalid: 422,
  AgeRestriction: 422, AccompanimentRequired: 422, UnknownUnit: 422, VehicleCapacityExceeded: 422, VehicleLimitReached: 422,
  RoomingInvalid: 422, CurrencyNotEnabled: 422, ExtraQuantityInvalid: 422, ExtraSoldOut: 422, PickupNotOffered: 422,
  OnRequest: 422, HoldRequired: 422, HoldExpired: 422, PaymentMethodRequired: 422, PaymentMethodNotOffered: 422,
  PaymentWindowClosed: 422, TravellerDetailsRequired: 422, TravellerDetailsInvalid: 422, AlreadyBooked: 422,
  PickupDetailsRequired: 422, AdjustmentTooLarge: 422, PriceChanged: 422, SellerUnavailable: 422,
};

/** The extra members each code carries (part 7). */
const MEMBERS_OF: Record<string, string[]> = {
  NotPermitted: ['permission', 'reason'],
  OriginNotAllowed: ['origin'],
  NotFound: ['entity'],
  Conflict: ['reason'],
  InvalidInput: ['problems'],
  PriceTableNotMonotonic: ['cells'],
  RateLimited: ['retry_after_seconds'],
  NotEnoughCapacity: ['remaining'],
  PastCutoff: ['cutoffAt'],
  PriceNotAvailable: ['unitId', 'reason'],
  UnitQuantityInvalid: ['unitId', 'min', 'max'],
  AgeRestriction: ['unitId', 'minAge', 'maxAge'],
  AccompanimentRequired: ['unitId', 'by'],
  UnknownUnit: ['unitId'],
  VehicleCapacityExceeded: ['pax', 'seats'],
  VehicleLimitReached: ['remainingVehicles', 'limitName'],
  RoomingInvalid: ['details'],
  CurrencyNotEnabled: ['currency'],
  ExtraQuantityInvalid: ['extraId', 'max'],
  ExtraSoldOut: ['extraId'],
  PaymentMethodRequired: ['offered'],
  PaymentMethodNotOffered: ['method'],
  PaymentWindowClosed: ['details'],
  TravellerDetailsRequired: ['missing'],
  AlreadyBooked: ['bookings'],
  PickupDetailsRequired: ['missing'],
  AdjustmentTooLarge: ['total'],
};

/** Member types that differ by code. */
const SPECIAL: Record<string, Record<string, Schema | boolean>> = {
  NotPermitted: { reason: enumOf('missing_permission', 'no_operator') },
  RoomingInvalid: { details: object({ reason: enumOf('rooms_required', 'rooms_dont_match_travellers', 'unknown_room_type', 'not_enough_rooms') }) },
  PaymentWindowClosed: { details: object({ offered: arr(text), earliest_start: text, pay_before_start_hours: int(0) }) },
  AlreadyBooked: { ref: false },
};

const Problem = object(
  {
    type: { const: 'about:blank' },
    title: described(text, 'The status name'),
    status: int(400, 599),
    code: described(text, 'Switch on this, never on detail; handle unknown codes by status'),
    detail: described(text, 'A sentence for developers'),
  },
  {
    problems: described(arr(ref('InputProblem')), "InvalidInput: what is wrong (empty when the body does not fit the contract at all); detail joins their details with '; '"),
    entity: described(text, 'NotFound: what was not found, e.g. product, booking, option, hold'),
    origin: described(text, 'OriginNotAllowed: the browser origin refused'),
    permission: described(text, 'NotPermitted: the permission the key lacks'),
    reason: described(text, 'Conflict (snake_case, e.g. booking_not_confirmed), NotPermitted, PriceNotAvailable, PickupNotOffered'),
    details: described({ type: 'object' }, 'Conflict (e.g. ref, booking_status), RoomingInvalid (reason), PaymentWindowClosed'),
    retry_after_seconds: described(int(0), 'RateLimited: also sent as the Retry-After header'),
    remaining: described(int(0), 'NotEnoughCapacity: places left'),
    cutoffAt: described(timestamp, 'PastCutoff: the last moment the start could be booked'),
    unitId: nStr,
    min: nInt,
    max: nInt,
    minAge: nInt,
    maxAge: nInt,
    by: nStr,
    pax: int(0),
    seats: int(0),
    remainingVehicles: int(0),
    limitName: text,
    currency: text,
    extraId: text,
    offered: arr(text),
    method: text,
    missing: arr({ type: 'object' }),
    bookings: described(int(0), 'AlreadyBooked: how many bookings the email already has (no ref named)'),
    cells: arr({ type: 'object' }),
    total: {},
  },
  {
    description: 'RFC 9457 problem document (spec part 7), sent as application/problem+json',
    allOf: Object.entries(STATUS_OF).map(([code, status]) => ({
      if: { properties: { code: { const: code } }, required: ['code'] },
      then: {
        properties: { status: { const: status }, ...(SPECIAL[code] ?? {}) },
        required: MEMBERS_OF[code] ?? [],
      },
    })),
  },
);

/** Everything published under components.schemas. */
export const responseSchemas: Record<string, Schema> = {
  Money,
  NamedSlug,
  PolicyTier,
  Policy,
  Storefront,
  FromPrice,
  TripCard,
  FacetValue,
  Facets,
  ProductList,
  Unit,
  Option,
  Extra,
  Trip,
  CalendarDay,
  CalendarDays,
  QuoteLine,
  Quote,
  Hold,
  HoldStatus,
  Cancellation,
  BookingView,
  CheckoutBooking,
  RefundPreview,
  CancelResult,
  PaymentMethods,
  SellerProduct,
  SellerProductList: page(ref('SellerProduct')),
  SellerBooking,
  SellerBookingList: page(ref('SellerBooking')),
  InputProblem,
  Problem,
};
