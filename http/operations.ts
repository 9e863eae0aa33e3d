import {
  Schema, arr, bookingRef, checkoutBody, currency, date, enumOf, int, locale, month, obj, productDefinition,
  quoteSelection, selection, slug, str,
} from './schemas';

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
}

const list = (...values: string[]): Schema => arr(enumOf(...values), { minItems: 1 });
const slugs: Schema = arr(slug, { minItems: 1, maxItems: 50 });
const booleanParam = enumOf('true', 'false');
const access = { token: str({ minLength: 1, maxLength: 200 }), email: str({ minLength: 3, maxLength: 320 }) };

export const operations: Operation[] = [
  { id: 'getStorefront', method: 'get', path: '/v1/public/storefront', auth: 'website', catalogRead: true, summary: 'The storefront the key belongs to', success: { status: 200, description: 'storefront' } },
  {
    id: 'listProducts', method: 'get', path: '/v1/public/products', auth: 'website', catalogRead: true, summary: 'Published trips, a page at a time',
    query: {
      locale, q: str({ maxLength: 200 }),
      template: list('day_tour', 'multi_day', 'transfer', 'ticket', 'activity'),
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
    success: { status: 200, description: '{data, next_cursor, total, facets?}' },
  },
  {
    id: 'getProduct', method: 'get', path: '/v1/public/products/{product}', auth: 'website', catalogRead: true, summary: 'One trip by id or slug',
    pathParams: { product: str({ minLength: 1, maxLength: 200 }) }, query: { locale, currency, seller: slug },
    success: { status: 200, description: 'trip' },
  },
  {
    id: 'getCalendar', method: 'get', path: '/v1/public/options/{optionId}/calendar', auth: 'website', summary: "One month of an option's calendar (no prices)",
    pathParams: { optionId: str({ minLength: 1, maxLength: 100 }) }, query: { month },
    success: { status: 200, description: 'list of calendar days' },
  },
  {
    id: 'listPaymentMethods', method: 'get', path: '/v1/public/payment-methods', auth: 'website', summary: 'Ways to pay for a start',
    query: { option_id: str({ minLength: 1, maxLength: 100 }), start: str({ minLength: 10, maxLength: 16 }) }, requiredQuery: ['option_id', 'start'],
    success: { status: 200, description: 'list of {kind, deadline_hours, currencies}' },
  },
  { id: 'createQuote', method: 'post', path: '/v1/public/quotes', auth: 'website', summary: 'Price a selection', body: quoteSelection, bodyRequired: true, success: { status: 200, description: 'quote' } },
  { id: 'createHold', method: 'post', path: '/v1/public/holds', auth: 'website', summary: 'Hold places', body: selection, bodyRequired: true, idempotencyKey: true, success: { status: 201, description: 'hold' } },
  { id: 'getHold', method: 'get', path: '/v1/public/holds/{ref}', auth: 'website', summary: 'How a hold stands', pathParams: { ref: bookingRef }, success: { status: 200, description: '{ref, status, hold_expires_at, start, quote}' } },
  { id: 'checkout', method: 'post', path: '/v1/public/checkout', auth: 'website', summary: 'Check out a hold', body: checkoutBody, bodyRequired: true, idempotencyKey: true, success: { status: 200, description: 'booking view with booking_token and contact_token' } },
  { id: 'getBooking', method: 'get', path: '/v1/public/bookings/{ref}', auth: 'website', summary: 'A booking (token or lead email)', pathParams: { ref: bookingRef }, query: access, success: { status: 200, description: 'booking view' } },
  { id: 'getRefund', method: 'get', path: '/v1/public/bookings/{ref}/refund', auth: 'website', summary: 'What cancelling now gives back', pathParams: { ref: bookingRef }, query: access, success: { status: 200, description: '{days_before, refund_pct, refund, paid}' } },
  {
    id: 'cancelBooking', method: 'post', path: '/v1/public/bookings/{ref}/cancel', auth: 'website', summary: 'Cancel a booking (booking token only)',
    pathParams: { ref: bookingRef }, query: { token: access.token }, body: obj({ reason: str({ maxLength: 2000 }) }),
    success: { status: 200, description: '{ref, status, cancellation}' },
  },
  {
    id: 'sellerListProducts', method: 'get', path: '/v1/products', auth: 'secret', permission: 'products:read', summary: "The seller's products",
    query: { limit: int(1, 100), cursor: str({ minLength: 1, maxLength: 500 }) }, success: { status: 200, description: '{data, next_cursor, total}' },
  },
  { id: 'sellerCreateProduct', method: 'post', path: '/v1/products', auth: 'secret', permission: 'products:write', summary: 'Create a product (unpublished)', body: productDefinition, bodyRequired: true, success: { status: 201, description: 'product' } },
  { id: 'sellerGetProduct', method: 'get', path: '/v1/products/{id}', auth: 'secret', permission: 'products:read', summary: 'One product', pathParams: { id: str({ minLength: 1, maxLength: 100 }) }, success: { status: 200, description: 'product' } },
  { id: 'sellerUpdateProduct', method: 'put', path: '/v1/products/{id}', auth: 'secret', permission: 'products:write', summary: 'Replace a product definition', pathParams: { id: str({ minLength: 1, maxLength: 100 }) }, body: productDefinition, bodyRequired: true, success: { status: 200, description: 'product' } },
  { id: 'sellerPublishProduct', method: 'post', path: '/v1/products/{id}/publish', auth: 'secret', permission: 'products:write', summary: 'Publish a product', pathParams: { id: str({ minLength: 1, maxLength: 100 }) }, success: { status: 200, description: 'product' } },
  { id: 'sellerUnpublishProduct', method: 'post', path: '/v1/products/{id}/unpublish', auth: 'secret', permission: 'products:write', summary: 'Unpublish a product', pathParams: { id: str({ minLength: 1, maxLength: 100 }) }, success: { status: 200, description: 'product' } },
  {
    id: 'sellerListBookings', method: 'get', path: '/v1/bookings', auth: 'secret', permission: 'bookings:read', summary: "The seller's bookings",
    query: { status: list('on_hold', 'confirmed', 'pending', 'cancelled'), limit: int(1, 100), cursor: str({ minLength: 1, maxLength: 500 }) }, multi: ['status'],
    success: { status: 200, description: '{data, next_cursor, total}' },
  },
];

/** The OpenAPI 3.1 document served at /v1/openapi.json. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const parameters = [
      ...Object.entries(op.pathParams ?? {}).map(([name, schema]) => ({ name, in: 'path', required: true, schema })),
      ...Object.entries(op.query ?? {}).map(([name, schema]) => ({
        name, in: 'query', required: (op.requiredQuery ?? []).includes(name), schema,
        ...(op.multi?.includes(name) ? { style: 'form', explode: false } : {}),
      })),
      ...(op.idempotencyKey ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: str({ minLength: 1, maxLength: 255 }) }] : []),
    ];
    const errors = op.auth === 'website'
      ? ['401', '403', '404', '409', '422', '429']
      : op.auth === 'secret' ? ['401', '403', '404', '409', '422', '429'] : [];
    paths[op.path] = {
      ...(paths[op.path] ?? {}),
      [op.method]: {
        operationId: op.id,
        summary: op.summary,
        security: op.auth === 'website' ? [{ websiteKey: [] }] : op.auth === 'secret' ? [{ secretKey: [] }] : [],
        parameters,
        ...(op.body ? { requestBody: { required: op.bodyRequired ?? false, content: { 'application/json': { schema: op.body } } } } : {}),
        responses: {
          [String(op.success.status)]: { description: op.success.description, content: { 'application/json': {} } },
          ...(op.catalogRead ? { '304': { description: 'not modified (If-None-Match)' } } : {}),
          ...Object.fromEntries(errors.map((code) => [code, { $ref: '#/components/responses/Problem' }])),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Storefront Trips API', version: '0.1.0' },
    paths,
    components: {
      securitySchemes: {
        websiteKey: { type: 'apiKey', in: 'header', name: 'Tp-Publishable-Key' },
        secretKey: { type: 'http', scheme: 'bearer' },
      },
      responses: {
        Problem: {
          description: 'RFC 9457 problem document',
          content: {
            'application/problem+json': {
              schema: {
                type: 'object',
                required: ['type', 'title', 'status', 'code', 'detail'],
                properties: { type: { const: 'about:blank' }, title: str(), status: int(), code: str(), detail: str() },
              },
            },
          },
        },
      },
    },
  };
}

