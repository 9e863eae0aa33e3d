import { TEMPLATES } from '../domain/catalog/definitions';
import {
  Schema, arr, checkoutBody, currency, date, enumOf, int, locale, month, obj, productDefinition,
  quoteSelection, ref, selection, slug, str,
} from './kernel/schema';
import { responseSchemas } from './response-schemas';

export type Auth = 'website' | 'secret' | 'none';

/** One operation of the interface: the source of the OpenAPI document, of validation and of routing. */
export interface Operation {
  id: string;
  method: 'get' | 'post' | 'put';
  path: string;
  auth: Auth;
  summary: string;
  /** Catalog reads carry ETags and may be cached for 60 s (spec part 8). */
  catalogRead?: boolean;
  /** Secret-key permission needed. */
  permission?: string;
  pathParams?: Record<string, Schema>;
  query?: Record<string, Schema>;
  requiredQuery?: string[];
  /** Query parameters that take comma-separated values. */
  multi?: string[];
  idempotencyKey?: boolean;
  body?: Schema;
  bodyRequired?: boolean;
  success: { status: number; description: string };
  /** Schema of the success answer: a $ref into the document's components.schemas (OpenAPI only). */
  response?: Schema;
  /** Longer explanation for the OpenAPI document. */
  description?: string;
  /** Descriptions of this operation's parameters by name, over the common ones (OpenAPI only). */
  paramDescriptions?: Record<string, string>;
  /** Description of the request body (OpenAPI only). */
  bodyDescription?: string;
}

const list = (...values: readonly string[]): Schema => arr(enumOf(...values), { minItems: 1 });
const slugs: Schema = arr(slug, { minItems: 1, maxItems: 50 });
const booleanParam = enumOf('true', 'false');
/** A ref of any shape: one that is not a booking's answers 404 like any missing booking. */
// Generous bounds: a ref, token or email of any plausible size that is wrong answers 404 like a missing booking.
const anyRef = str({ minLength: 1, maxLength: 2000 });
const access = { token: str({ minLength: 1, maxLength: 2000 }), email: str({ minLength: 1, maxLength: 2000 }) };

const ACCESS = 'Access proof, one of: `token` (the booking_token from the checkout answer), `email` (the lead\'s email, any case) '
  + 'or the traveller\'s session cookie passed on with the website key. A wrong token or email answers the same 404 NotFound '
  + '(entity booking) as a ref that does not exist.';
const SELECTION_BODY = 'option_id and start (local start: YYYY-MM-DDTHH:MM in the trip\'s zone, or YYYY-MM-DD for an option open all day) are required; '
  + 'units is a list of {unit_id, qty, ages} (ages: one per traveller, when children are priced by age); '
  + 'extras is a list of {extra_id, qty}: the chosen extra\'s id (Trip.extras[].id) goes in `extra_id`; '
  + 'rooms is a list of {room_type_id, qty, beds}, required for options with room types and must sleep everyone who takes a seat; '
  + 'pickup is {place_id} (a pickup area of the option) or {lat, lng}; currency is one of the storefront\'s currencies (default its display currency).';
const SELLER = 'Seller interface: needs a secret key (Authorization: Bearer tp_sk_...) whose scopes include the permission named; '
  + 'otherwise 403 NotPermitted with `permission` and `reason` (missing_permission). Products are answered as '
  + '{id, published, created_at, updated_at} plus the product definition (the body of POST /v1/products; prices in US-dollar cents). '
  + 'Only the key\'s own seller\'s products exist for it (404 NotFound, entity product, otherwise).';

export const operations: Operation[] = [
  {
    id: 'getStorefront', method: 'get', path: '/v1/public/storefront', auth: 'website', catalogRead: true, summary: 'The storefront the key belongs to',
    description: 'The storefront (site) the website key belongs to: kind, languages, currencies and display rounding, allowed browser origins, '
      + 'legal page addresses, the marketplace promise and analytics integrations. Seller, site, languages and currencies always come from the key, never from request fields.',
    success: { status: 200, description: 'storefront' }, response: ref('Storefront'),
  },
  {
    id: 'listProducts', method: 'get', path: '/v1/public/products', auth: 'website', catalogRead: true, summary: 'Published trips, a page at a time',
    description: 'Published trips of the storefront, a page at a time, in `recommended` order by default. Multi-value parameters are comma-separated. '
      + 'q, duration, seller, via, price, travellers, max_price, date, month, sort and facets work over the first trips the other filters find (at most 1000). '
      + 'A cursor from a different list (other filters, or an older order) is refused with 422 InvalidInput reason cursor_not_this_list: restart at the first page.',
    query: {
      locale, q: str({ maxLength: 200 }),
      template: list(...TEMPLATES),
      city: slugs, region: slugs, place: slugs, category: slugs, country: slugs, seller: slugs, via: slugs,
      limit: int(1, 100), cursor: str({ minLength: 1, maxLength: 500 }), currency,
      duration: list('up_to_3h', '3h_to_6h', 'full_day', 'multi_day', 'days_2_3', 'days_4_7', 'days_8_plus'),
      style: list('private', 'shared'), pickup: enumOf('hotel'), confirmation: enumOf('instant'),
      min_rating: { type: 'number', minimum: 0, maximum: 5 }, price: list('shown', 'ask'),
      travellers: int(1, 50), min_price: int(0, 1000000000), max_price: int(0, 1000000000),
      date, month, sort: enumOf('recommended', 'price', 'price_desc', 'rating', 'duration', 'duration_desc'),
      facets: booleanParam, home: booleanParam, collection: slug,
    },
    multi: ['template', 'city', 'region', 'place', 'category', 'country', 'seller', 'via', 'duration', 'style', 'price'],
    paramDescriptions: {
      locale: 'Trips published in this language come in it, the rest in English',
      q: 'Free text, typo-tolerant; places, categories and city count as well as title and summary; best matches first',
      place: 'Trips starting at or visiting one of these places',
      country: 'Country codes',
      seller: 'Seller slugs (marketplace only)',
      via: 'Place slugs: only trips whose stops visit one',
      limit: '1 to 100, default 20',
      currency: "Currency of from_price: one of the storefront's currencies, else its display currency",
      style: 'Whether the main option (default on sale, else first) is private; trips with no option on sale are in neither',
      pickup: 'hotel: trips with an option on sale that picks up where travellers stay',
      confirmation: 'instant: trips with an option on sale that confirms at once',
      min_rating: 'Unrated trips are left out',
      price: 'shown (priced trips), ask (ask-for-price trips), or both',
      travellers: 'Group size; adds group_price and next_group_price to each card',
      min_price: "Minor units of the list's currency, per traveller; trips with no such price are left out",
      max_price: "Minor units of the list's currency, per traveller (the group share with travellers, else from_price); trips with no such price are left out",
      date: "YYYY-MM-DD in each trip's own zone: only trips with a start that day the group can book; replaces month",
      month: 'YYYY-MM: trips with such a start in the month, from today on',
      facets: 'true adds the facets object',
      home: 'true: the home rail order',
      collection: 'Collection slug (marketplace only); replaces home',
    },
    success: { status: 200, description: '{data, next_cursor, total, facets?}' }, response: ref('ProductList'),
  },
  {
    id: 'getProduct', method: 'get', path: '/v1/public/products/{product}', auth: 'website', catalogRead: true, summary: 'One trip by id or slug',
    description: 'One trip with its text, photos, options (units, cancellation policy, traveller details, pickup, rooms), extras and from_price. 404 NotFound (entity product) for a trip the site does not sell or have.',
    pathParams: { product: str({ minLength: 1, maxLength: 2000 }) }, query: { locale, currency, seller: slug },
    paramDescriptions: { product: 'Trip id or slug (on a marketplace a slug also needs `seller`)', seller: 'Seller slug, to tell apart trips of the same slug on a marketplace' },
    success: { status: 200, description: 'trip' }, response: ref('Trip'),
  },
  {
    id: 'getCalendar', method: 'get', path: '/v1/public/options/{optionId}/calendar', auth: 'website', summary: "One month of an option's calendar (no prices)",
    description: 'Every day of the month with its starts, their status and the places left (null when not counted). No prices: quote for a price. '
      + 'For an ask_for_price option, days it runs show as open by its availability rules. 404 NotFound (entity option).',
    pathParams: { optionId: str({ minLength: 1, maxLength: 100 }) }, query: { month },
    paramDescriptions: { month: "YYYY-MM; default the current month in the trip's zone" },
    success: { status: 200, description: 'list of calendar days' }, response: ref('CalendarDays'),
  },
  {
    id: 'listPaymentMethods', method: 'get', path: '/v1/public/payment-methods', auth: 'website', summary: 'Ways to pay for a start',
    description: 'The ways to pay the seller offers for a start: only methods whose time to pay ends in time. Bank details are never here. '
      + 'An empty list means no payment method is chosen at checkout.',
    query: { option_id: str({ minLength: 1, maxLength: 100 }), start: str({ minLength: 10, maxLength: 16 }) }, requiredQuery: ['option_id', 'start'],
    success: { status: 200, description: 'list of {kind, deadline_hours, currencies}' }, response: ref('PaymentMethods'),
  },
  {
    id: 'createQuote', method: 'post', path: '/v1/public/quotes', auth: 'website', summary: 'Price a selection', body: quoteSelection, bodyRequired: true,
    description: 'Prices a selection at a start; takes no places. Ask-for-price options have no quote (422 PriceNotAvailable). Refusals are 422 with the codes of spec part 7.',
    bodyDescription: SELECTION_BODY,
    success: { status: 200, description: 'quote' }, response: ref('Quote'),
  },
  {
    id: 'createHold', method: 'post', path: '/v1/public/holds', auth: 'website', summary: 'Hold places', body: selection, bodyRequired: true, idempotencyKey: true,
    description: 'Prices the selection again and holds its places for 15 minutes (30 for multi-day trips); the calendar counts them as taken at once. '
      + 'The hold\'s ref is the ref of the booking it becomes. On-request options are not held (422 OnRequest: check out the selection directly). '
      + 'The same Idempotency-Key with the same request returns the first hold; with a different request 409 Conflict. Without a key, a repeated request holds again.',
    bodyDescription: `Same body as a quote, plus attribution (utm_source, utm_medium, utm_campaign, utm_term, utm_content up to 200 characters; referrer and ad click ids gclid, gbraid, wbraid, fbclid, msclkid, ttclid up to 500; empty ones are dropped). ${SELECTION_BODY}`,
    success: { status: 201, description: 'hold' }, response: ref('Hold'),
  },
  {
    id: 'getHold', method: 'get', path: '/v1/public/holds/{ref}', auth: 'website', summary: 'How a hold stands', pathParams: { ref: anyRef },
    description: 'Answers {ref, status, hold_expires_at, start, quote}: status is on_hold while the places are kept, expired once hold_expires_at has passed '
      + 'without checkout (the places are back on sale), checked_out once a booking was made from it. 404 NotFound (entity hold) for a ref this storefront never held.',
    success: { status: 200, description: '{ref, status (on_hold, expired, checked_out), hold_expires_at, start, quote}' }, response: ref('HoldStatus'),
  },
  {
    id: 'checkout', method: 'post', path: '/v1/public/checkout', auth: 'website', summary: 'Check out a hold', body: checkoutBody, bodyRequired: true, idempotencyKey: true,
    description: 'Turns a hold into a booking: confirmed when the option confirms instantly, else pending. Answers the booking view plus booking_token (opens the booking) '
      + 'and contact_token (fixes the lead contact). A repeated checkout of the same hold with the same lead email books once and answers the same booking with both tokens null. '
      + 'payment_method is required when the seller has ways to pay (422 PaymentMethodRequired) and must be one listed by payment-methods for the start. '
      + 'warn_if_booked refuses with 422 AlreadyBooked when the lead\'s email already has a pending or confirmed booking for the same option and start.',
    bodyDescription: 'ref (the hold\'s ref), lead {name, email, phone with country code}, payment_method, traveller_details (every traveller, lead first, when the option collects them at checkout), '
      + 'pickup_details, special_requests, locale (language of the traveller\'s emails), warn_if_booked, attribution (replaces the hold\'s; left out, the hold\'s stays).',
    success: { status: 200, description: 'booking view with booking_token and contact_token' }, response: ref('CheckoutBooking'),
  },
  {
    id: 'getBooking', method: 'get', path: '/v1/public/bookings/{ref}', auth: 'website', summary: 'A booking (token or lead email)', pathParams: { ref: anyRef }, query: access,
    description: `The booking as the traveller sees it; never the lead's contact details. ${ACCESS}`,
    success: { status: 200, description: 'booking view' }, response: ref('BookingView'),
  },
  {
    id: 'getRefund', method: 'get', path: '/v1/public/bookings/{ref}/refund', auth: 'website', summary: 'What cancelling now gives back', pathParams: { ref: anyRef }, query: access,
    description: `What cancelling now gives back under the policy the booking was sold with. ${ACCESS}`,
    success: { status: 200, description: '{days_before, refund_pct, refund, paid}' }, response: ref('RefundPreview'),
  },
  {
    id: 'cancelBooking', method: 'post', path: '/v1/public/bookings/{ref}/cancel', auth: 'website', summary: 'Cancel a booking (booking token only)',
    description: 'Cancels a confirmed booking: cancellation.by is traveller, the places return to sale and the traveller is emailed. '
      + 'Access is the booking_token (`token`) or the owner\'s session; the lead\'s email cannot cancel: with `email` alone the answer is 401 Unauthenticated. A wrong token or email answers 404 NotFound (entity booking). '
      + 'Cancelling again answers 409 Conflict, reason booking_not_confirmed, details {ref, booking_status}.',
    pathParams: { ref: anyRef }, query: access, body: obj({ reason: str({ maxLength: 2000 }) }),
    bodyDescription: 'Optional {reason}',
    success: { status: 200, description: '{ref, status, cancellation}' }, response: ref('CancelResult'),
  },
  {
    id: 'sellerListProducts', method: 'get', path: '/v1/products', auth: 'secret', permission: 'products:read', summary: "The seller's products",
    description: `The key's seller's products, published or not, newest first, a page at a time: {data, next_cursor, total}. ${SELLER}`,
    query: { limit: int(1, 100), cursor: str({ minLength: 1, maxLength: 500 }) }, success: { status: 200, description: '{data, next_cursor, total}' }, response: ref('SellerProductList'),
  },
  {
    id: 'sellerCreateProduct', method: 'post', path: '/v1/products', auth: 'secret', permission: 'products:write', summary: 'Create a product (unpublished)', body: productDefinition, bodyRequired: true,
    description: `Creates a product from its definition; it starts unpublished. Rules across fields (time zone, unique ids, a capacity for limited options...) answer 422 InvalidInput. ${SELLER}`,
    bodyDescription: 'The product definition: slug, template, timezone, default_locale, content by locale, places, photos, durations, rating, network, options (units, pricing tiers in USD cents, policy, availability) and extras.',
    success: { status: 201, description: 'product' }, response: ref('SellerProduct'),
  },
  {
    id: 'sellerGetProduct', method: 'get', path: '/v1/products/{id}', auth: 'secret', permission: 'products:read', summary: 'One product', pathParams: { id: str({ minLength: 1, maxLength: 100 }) },
    description: `One of the key's seller's products. ${SELLER}`,
    success: { status: 200, description: 'product' }, response: ref('SellerProduct'),
  },
  {
    id: 'sellerUpdateProduct', method: 'put', path: '/v1/products/{id}', auth: 'secret', permission: 'products:write', summary: 'Replace a product definition', pathParams: { id: str({ minLength: 1, maxLength: 100 }) }, body: productDefinition, bodyRequired: true,
    description: `Replaces the whole definition of one of the seller's products; published stays as it was. ${SELLER}`,
    bodyDescription: 'The complete product definition, as for POST /v1/products.',
    success: { status: 200, description: 'product' }, response: ref('SellerProduct'),
  },
  {
    id: 'sellerPublishProduct', method: 'post', path: '/v1/products/{id}/publish', auth: 'secret', permission: 'products:write', summary: 'Publish a product', pathParams: { id: str({ minLength: 1, maxLength: 100 }) },
    description: `Puts the product on sale on the seller's own storefront (and, with network, on the marketplaces the seller belongs to). No body. ${SELLER}`,
    success: { status: 200, description: 'product' }, response: ref('SellerProduct'),
  },
  {
    id: 'sellerUnpublishProduct', method: 'post', path: '/v1/products/{id}/unpublish', auth: 'secret', permission: 'products:write', summary: 'Unpublish a product', pathParams: { id: str({ minLength: 1, maxLength: 100 }) },
    description: `Takes the product off sale; existing bookings keep working. No body. ${SELLER}`,
    success: { status: 200, description: 'product' }, response: ref('SellerProduct'),
  },
  {
    id: 'sellerListBookings', method: 'get', path: '/v1/bookings', auth: 'secret', permission: 'bookings:read', summary: "The seller's bookings",
    description: 'The key\'s seller\'s bookings (holds not checked out are not bookings), newest first, a page at a time: {data, next_cursor, total}; '
      + 'each item is the booking view plus placed_at. Needs a secret key with bookings:read (403 NotPermitted otherwise).',
    query: { status: list('on_hold', 'confirmed', 'pending', 'cancelled'), limit: int(1, 100), cursor: str({ minLength: 1, maxLength: 500 }) }, multi: ['status'],
    success: { status: 200, description: '{data, next_cursor, total}' }, response: ref('SellerBookingList'),
  },
];

/** Descriptions of parameters that mean the same wherever they appear. */
const PARAM_DESCRIPTIONS: Record<string, string> = {
  token: 'The booking_token from the checkout answer',
  email: "The lead's email (any case); reads the booking but cannot cancel it",
  locale: 'Two lowercase letters',
  currency: "One of the storefront's currencies; default its display currency",
  cursor: '`next_cursor` of the previous page',
  limit: '1 to 100, default 20',
  month: 'YYYY-MM',
  ref: 'Booking ref TP-XXXX-XXXX (a hold\'s ref is the ref of the booking it becomes)',
  option_id: 'Option id',
  start: "Local start: YYYY-MM-DDTHH:MM in the trip's zone, or YYYY-MM-DD for an option open all day",
  status: 'Booking statuses, comma-separated',
  'Idempotency-Key': '1 to 255 characters, kept per storefront and shared by holds and checkouts: the same key with the same request returns the first result; with a different request 409 Conflict',
};

const problemContent = { 'application/problem+json': { schema: ref('Problem') } };
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const rateHeaders = { 'RateLimit-Limit': headerRef('RateLimit-Limit'), 'RateLimit-Remaining': headerRef('RateLimit-Remaining'), 'RateLimit-Reset': headerRef('RateLimit-Reset') };
const problemResponse = (description: string, headers: Record<string, unknown> = {}) => ({
  description, ...(Object.keys(headers).length > 0 ? { headers } : {}), content: problemContent,
});

/** Error answers by status (spec part 7); each is a problem document. */
const ERROR_RESPONSES: Record<string, string> = {
  '401': 'Unauthenticated', '403': 'Forbidden', '404': 'NotFound', '409': 'Conflict', '422': 'Unprocessable', '429': 'RateLimited', '503': 'Unavailable',
};

/** The OpenAPI 3.1 document served at /v1/openapi.json. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const describe = (name: string) => {
      const description = op.paramDescriptions?.[name] ?? PARAM_DESCRIPTIONS[name];
      return description ? { description } : {};
    };
    const parameters = [
      ...Object.entries(op.pathParams ?? {}).map(([name, schema]) => ({ name, in: 'path', required: true, ...describe(name), schema })),
      ...Object.entries(op.query ?? {}).map(([name, schema]) => ({
        name, in: 'query', required: (op.requiredQuery ?? []).includes(name), ...describe(name), schema,
        ...(op.multi?.includes(name) ? { style: 'form', explode: false } : {}),
      })),
      ...(op.idempotencyKey ? [{ name: 'Idempotency-Key', in: 'header', required: false, ...describe('Idempotency-Key'), schema: str({ minLength: 1, maxLength: 255 }) }] : []),
    ];
    const errors = op.auth === 'website' || op.auth === 'secret' ? ['401', '403', '404', '409', '422', '429', '503'] : [];
    const successHeaders: Record<string, unknown> = {
      ...(op.auth !== 'none' ? rateHeaders : {}),
      'Cache-Control': headerRef(op.catalogRead ? 'Cache-Control-Catalog' : 'Cache-Control-NoStore'),
      ...(op.catalogRead ? { ETag: headerRef('ETag') } : {}),
    };
    paths[op.path] = {
      ...(paths[op.path] ?? {}),
      [op.method]: {
        operationId: op.id,
        summary: op.summary,
        ...(op.description ? { description: op.description } : {}),
        security: op.auth === 'website' ? [{ websiteKey: [] }] : op.auth === 'secret' ? [{ secretKey: [] }] : [],
        ...(op.permission ? { 'x-permission': op.permission } : {}),
        parameters,
        ...(op.body ? {
          requestBody: {
            required: op.bodyRequired ?? false,
            ...(op.bodyDescription ? { description: op.bodyDescription } : {}),
            content: { 'application/json': { schema: op.body } },
          },
        } : {}),
        responses: {
          [String(op.success.status)]: {
            description: op.success.description,
            headers: successHeaders,
            content: { 'application/json': op.response ? { schema: op.response } : {} },
          },
          ...(op.catalogRead ? {
            '304': {
              description: 'Not modified: If-None-Match named the current weak ETag (compared weakly, whatever the encoding); no body',
              headers: { ETag: headerRef('ETag'), 'Cache-Control': headerRef('Cache-Control-Catalog') },
            },
          } : {}),
          ...Object.fromEntries(errors.map((code) => [code, { $ref: `#/components/responses/${ERROR_RESPONSES[code]}` }])),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront Trips API',
      version: '0.1.0',
      description: 'Catalog, live prices, availability, holds, checkout and booking management for trip storefronts. '
        + 'Paths under /v1/public/ take the website key (Tp-Publishable-Key); other /v1/ paths take a seller\'s secret key. '
        + 'Amounts are exact {amount, currency} in minor units. Changes are additive: clients ignore unknown fields and handle unknown error codes by status.',
    },
    paths,
    components: {
      securitySchemes: {
        websiteKey: {
          type: 'apiKey', in: 'header', name: 'Tp-Publishable-Key',
          description: 'Website (publishable) key, prefix tp_pk_. Not secret: from a server it always works; from a browser (a request with Origin) only for the storefront\'s allowed origins, else 403 OriginNotAllowed.',
        },
        secretKey: { type: 'http', scheme: 'bearer', description: 'Seller secret key, prefix tp_sk_, with scopes (permissions).' },
      },
      schemas: responseSchemas,
      headers: {
        'RateLimit-Limit': { description: 'Calls allowed per minute on the clock for this key (absent on keys with no limit)', schema: int(1) },
        'RateLimit-Remaining': { description: 'Calls left this minute (may lag up to 2 seconds across instances)', schema: int(0) },
        'RateLimit-Reset': { description: "Seconds to the minute's end", schema: int(0) },
        'Retry-After': { description: 'Seconds to wait before trying again', schema: int(0) },
        ETag: { description: 'Weak ETag of the answer, the same whatever the encoding; send it back in If-None-Match', schema: str() },
        'Cache-Control-Catalog': { description: 'Catalog reads: private, max-age=60 (Vary: Authorization, Tp-Publishable-Key)', schema: { const: 'private, max-age=60' } },
        'Cache-Control-NoStore': { description: 'Every other answer: no-store', schema: { const: 'no-store' } },
      },
      responses: {
        Problem: problemResponse('RFC 9457 problem document'),
        Unauthenticated: problemResponse('401 Unauthenticated: the key is missing, wrong or revoked, or the endpoint needs a session the request lacks'),
        Forbidden: problemResponse('403 OriginNotAllowed (a browser origin not in the storefront\'s allowed origins; carries `origin`) or NotPermitted (a secret key lacking the permission; carries `permission` and `reason`)'),
        NotFound: problemResponse('404 NotFound: no such trip, option, hold or booking on this site, or a wrong token or email for a booking; carries `entity`'),
        Conflict: problemResponse('409 Conflict: the state forbids it (already cancelled; hold checked out for someone else; Idempotency-Key reused with a different request); carries `reason` and `details`'),
        Unprocessable: problemResponse('422 InvalidInput (carries `problems`) or a quote, hold or checkout refusal (SlotClosed, SoldOut, NotEnoughCapacity, PastCutoff, PriceNotAvailable, ...) with its extra fields'),
        RateLimited: {
          description: '429 RateLimited: over the key\'s calls per minute or an abuse limit; carries retry_after_seconds',
          headers: { 'Retry-After': { description: 'Seconds to wait before trying again (as retry_after_seconds)', required: true, schema: int(0) }, ...rateHeaders },
          content: problemContent,
        },
        Unavailable: problemResponse('503 Overloaded (every database connection busy for 3 seconds) or SearchUnavailable', { 'Retry-After': headerRef('Retry-After') }),
      },
    },
  };
}
