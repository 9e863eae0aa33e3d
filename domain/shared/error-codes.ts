/**
 * The one registry of error codes (spec part 7, plus the few the HTTP layer itself needs).
 * Each code has its status, when it is used and the extra members its problem document
 * carries, as JSON Schemas. Refusals, the problem mapper and the OpenAPI problem schemas all
 * derive from this table: a code that is not here does not compile.
 */

type FieldSchema = Readonly<Record<string, unknown>>;

export interface ErrorCodeSpec {
  readonly status: number;
  readonly when: string;
  /** Extra members of the problem document, by name. */
  readonly fields: Readonly<Record<string, FieldSchema>>;
  /** Members always present. */
  readonly required: readonly string[];
}

const text = { type: 'string' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const list = (items: FieldSchema) => ({ type: 'array', items }) as const;
const anyObject = { type: 'object' } as const;

const code = <F extends Record<string, FieldSchema>>(
  status: number,
  when: string,
  fields: F = {} as F,
  required: (keyof F & string)[] = Object.keys(fields),
): ErrorCodeSpec => ({
  status,
  when,
  fields,
  required,
});

/** A refusal of a quote, hold or checkout (422). */
const selling = <F extends Record<string, FieldSchema>>(when: string, fields: F = {} as F, required?: (keyof F & string)[]) =>
  code(422, when, fields, required);

export const ERROR_CODES = {
  BadRequest: code(400, 'the request is not valid HTTP (a malformed request line or header)'),
  Unauthenticated: code(401, 'key missing, wrong or revoked, or a session is needed'),
  NotPermitted: code(403, 'a known secret key or staff member lacks the permission', {
    permission: text,
    reason: { type: 'string', enum: ['missing_permission', 'no_operator'] },
  }),
  OriginNotAllowed: code(403, "the browser origin is not in the storefront's allowed origins", { origin: text }),
  NotFound: code(404, 'no such trip, page, option or booking on this site; a wrong token or email for a booking', { entity: text }),
  MethodNotAllowed: code(405, 'the path exists but does not take this method'),
  Conflict: code(
    409,
    'the state forbids it (already cancelled; hold checked out for someone else; idempotency key with a different request)',
    {
      reason: text,
      details: anyObject,
    },
    ['reason'],
  ),
  ContentTooLarge: code(413, 'the request body is larger than the endpoint takes', { max_bytes: count }),
  UnsupportedMediaType: code(415, 'the body is not sent as the endpoint expects (JSON bodies need Content-Type: application/json)', { expected: text }),
  InvalidInput: code(422, 'missing field, wrong type, unacceptable value, non-real date or month', {
    problems: list({ $ref: '#/components/schemas/InputProblem' }),
  }),
  UnsupportedFileType: code(422, 'an uploaded file is of a kind the endpoint does not take (recognised by its contents)', { accepted: list(text) }),
  PriceTableNotMonotonic: code(422, 'seller endpoints: a bigger group would pay more per person in total than a smaller one', {
    cells: list({
      type: 'object',
      properties: {
        unit_id: text,
        tier: { type: 'string', description: 'where the tier is, e.g. options[0].pricing.tiers[2] or options[0].pricing.seasons[1].tiers[0]' },
        min_net_usd: {
          type: 'integer',
          description: 'the least a smaller group of the same table pays per person for the unit (USD cents): the cell may be at most this',
        },
      },
      required: ['unit_id', 'tier', 'min_net_usd'],
    }),
  }),
  RequestHeaderFieldsTooLarge: code(431, "the request's headers are too large"),
  RateLimited: code(429, "over the key's limit or an abuse limit", { retry_after_seconds: count }),
  InternalError: code(500, 'something failed on our side; nothing a client sends should cause it'),
  SearchUnavailable: code(503, 'search is down or not set up; fall back to GET /v1/public/products with q'),
  Overloaded: code(503, 'every database connection was busy for 3 seconds'),

  SlotClosed: selling('the option does not run at that start'),
  SoldOut: selling('no places left'),
  NotEnoughCapacity: selling('fewer places than travellers', { remaining: count }),
  PastCutoff: selling('too late to book', { cutoffAt: { type: 'string', format: 'date-time' } }),
  PriceNotAvailable: selling(
    'no price for the selection',
    {
      unitId: { type: ['string', 'null'] },
      reason: { type: 'string', enum: ['outside_season', 'group_size', 'weekday', 'ask_for_price'] },
    },
    ['reason'],
  ),
  UnitQuantityInvalid: selling('too few or too many of a unit', { unitId: { type: ['string', 'null'] }, min: nullableInt, max: nullableInt }),
  AgeRestriction: selling("an age outside the unit's ages", { unitId: text, minAge: nullableInt, maxAge: nullableInt }),
  AccompanimentRequired: selling('a traveller needs company', { unitId: text, by: { type: ['string', 'null'] } }),
  UnknownUnit: selling('unit_id is not a unit of the option', { unitId: text }),
  VehicleCapacityExceeded: selling('the vehicles lack seats', { pax: count, seats: count }),
  VehicleLimitReached: selling('not enough vehicles that day', { remainingVehicles: count, limitName: text }),
  RoomingInvalid: selling('rooms do not fit the travellers', {
    details: {
      type: 'object',
      properties: { reason: { type: 'string', enum: ['rooms_required', 'rooms_dont_match_travellers', 'unknown_room_type', 'not_enough_rooms'] } },
      required: ['reason'],
    },
  }),
  CurrencyNotEnabled: selling('the currency is not offered', { currency: text }),
  ExtraQuantityInvalid: selling('more of an extra than allowed', { extraId: text, max: nullableInt }),
  ExtraSoldOut: selling('the extra is sold out that day', { extraId: text }),
  PickupNotOffered: selling('no pickup from there, or the option has none', { reason: text }, []),
  OnRequest: selling('a hold asked for an on_request option: check out the selection instead'),
  HoldRequired: selling('checkout without a hold for an option that holds places'),
  HoldExpired: selling('the hold ran out'),
  PaymentMethodRequired: selling('no payment_method where ways to pay are set up', { offered: list(text) }),
  PaymentMethodNotOffered: selling(
    "the method is not offered for this start, or does not take the booking's currency (currencies: those it takes)",
    { method: text, currencies: list(text) },
    ['method'],
  ),
  PaymentWindowClosed: selling('no payment method can be paid before this start', {
    details: {
      type: 'object',
      properties: { offered: list(text), earliest_start: text, pay_before_start_hours: count },
      required: ['offered', 'earliest_start', 'pay_before_start_hours'],
    },
  }),
  TravellerDetailsRequired: selling('traveller details are missing', { missing: list(anyObject) }),
  TravellerDetailsInvalid: selling('traveller details are wrong (e.g. a passport expiring before the trip ends)', { problems: list(anyObject) }),
  AlreadyBooked: selling('warn_if_booked, and the email has a pending or confirmed booking for the option and start', { bookings: count }),
  PickupDetailsRequired: selling('flight, ship or room details are missing', { missing: list(text) }),
  AdjustmentTooLarge: selling('seller endpoints: the adjustment is larger than allowed', { total: anyObject }),
  PriceChanged: selling(
    'seller endpoints: the price changed since it was shown',
    {
      difference: anyObject,
      refund: anyObject,
      expected_difference: anyObject,
      expected_refund: anyObject,
      total: anyObject,
      expected_total: anyObject,
    },
    [],
  ),
  SellerUnavailable: selling('a hold or checkout on the own site of a suspended seller'),

  // Contact changes (spec 4.5): a fix of the lead's email or phone, applied with an emailed code.
  ContactEmailFixClosed: code(422, "the lead's email can be fixed online only within the window after booking; after it the seller corrects it", {
    closed_at: { type: 'string', format: 'date-time' },
  }),
  ContactCodeWrong: code(422, 'not the code that was sent for this contact change', { attempts_left: count }),
  ContactCodeExpired: code(422, "the contact change's code ran out: ask for a new one", { expired_at: { type: 'string', format: 'date-time' } }),
  ContactChangeLocked: code(422, 'too many wrong codes for this contact change: no code applies it any more; ask for a new one'),
} as const satisfies Record<string, ErrorCodeSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}
