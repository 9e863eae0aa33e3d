import type { Operation } from './operation';
import { commonSchemas } from './answer-schema';
import { problemSchemas } from './problem-schema';
import { Schema, int, isRequired, str } from './schema';
import type { Surface } from './surface';

/** Descriptions of parameters that mean the same wherever they appear. */
const PARAM_DESCRIPTIONS: Record<string, string> = {
  token: 'The booking_token from the checkout answer',
  email: "The lead's email (any case); reads the booking but cannot cancel it",
  locale: 'Two lowercase letters',
  currency: "One of the storefront's currencies; default its display currency",
  cursor: '`next_cursor` of the previous page',
  limit: '1 to 100, default 20',
  month: 'YYYY-MM',
  ref: "Booking ref TP-XXXX-XXXX (a hold's ref is the ref of the booking it becomes)",
  option_id: 'Option id',
  start: "Local start: YYYY-MM-DDTHH:MM in the trip's zone, or YYYY-MM-DD for an option open all day",
  status: 'Booking statuses, comma-separated',
  'Idempotency-Key':
    '1 to 255 characters, kept per storefront and shared by holds and checkouts: the same key with the same request returns the first result; with a different request 409 Conflict',
};

const problemContent = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const rateHeaders = {
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
};
const problemResponse = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  ...(Object.keys(headers).length > 0 ? { headers } : {}),
  content: problemContent,
});

/** Error answers by status (spec part 7); each is a problem document. */
const ERROR_RESPONSES: Record<string, string> = {
  '401': 'Unauthenticated',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '413': 'ContentTooLarge',
  '415': 'UnsupportedMediaType',
  '422': 'Unprocessable',
  '429': 'RateLimited',
  '503': 'Unavailable',
};

function operationEntry(op: Operation, surface: Surface): Record<string, unknown> {
  const doc = surface.doc;
  const describe = (name: string) => {
    const description = op.paramDescriptions?.[name] ?? PARAM_DESCRIPTIONS[name];
    return description ? { description } : {};
  };
  const parameters = [
    ...Object.entries(op.params ?? {}).map(([name, schema]) => ({ name, in: 'path', required: true, ...describe(name), schema })),
    ...Object.entries(op.query ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: isRequired(schema),
      ...describe(name),
      schema,
      ...(op.multi?.includes(name) ? { style: 'form', explode: false } : {}),
    })),
    ...(op.idempotencyKey
      ? [{ name: 'Idempotency-Key', in: 'header', required: false, ...describe('Idempotency-Key'), schema: str({ minLength: 1, maxLength: 255 }) }]
      : []),
  ];
  const errors = [...(doc?.errors ?? []), ...(op.body ? ['413', '415'] : []), ...(op.fileBody ? ['413'] : [])];
  const successHeaders: Record<string, unknown> = {
    ...(doc?.rateLimited ? rateHeaders : {}),
    'X-Request-Id': headerRef('X-Request-Id'),
    ...Object.fromEntries(Object.entries(op.responseHeaders ?? {}).map(([name, header]) => [name, { ...header, schema: str() }])),
    'Cache-Control': headerRef(op.catalogRead ? 'Cache-Control-Catalog' : 'Cache-Control-NoStore'),
    ...(op.catalogRead ? { ETag: headerRef('ETag') } : {}),
  };
  return {
    operationId: op.id,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: doc?.security ?? [],
    ...(op.permission ? { 'x-permission': op.permission } : {}),
    parameters,
    ...(op.body
      ? {
          requestBody: {
            required: op.bodyRequired ?? false,
            ...(op.bodyDescription ? { description: op.bodyDescription } : {}),
            content: { 'application/json': { schema: op.body } },
          },
        }
      : {}),
    ...(op.fileBody
      ? {
          requestBody: {
            required: true,
            ...(op.bodyDescription ? { description: op.bodyDescription } : {}),
            content: Object.fromEntries(op.fileBody.mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
          },
        }
      : {}),
    responses: {
      [String(op.success.status)]: {
        description: op.success.description,
        headers: successHeaders,
        content: op.fileAnswer
          ? Object.fromEntries(op.fileAnswer.mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]))
          : { 'application/json': op.response ? { schema: op.response } : {} },
      },
      ...(op.catalogRead
        ? {
            '304': {
              description: 'Not modified: If-None-Match named the current weak ETag (compared weakly, whatever the encoding); no body',
              headers: { ETag: headerRef('ETag'), 'Cache-Control': headerRef('Cache-Control-Catalog') },
            },
          }
        : {}),
      ...Object.fromEntries(errors.map((status) => [status, { $ref: `#/components/responses/${ERROR_RESPONSES[status]}` }])),
    },
  };
}

/** The OpenAPI 3.1 document served at /v1/openapi.json, built from the surfaces and their operations. */
export function openApiDocument(surfaces: readonly Surface[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const surface of surfaces) {
    for (const op of surface.operations) paths[op.path] = { ...(paths[op.path] ?? {}), [op.method]: operationEntry(op, surface) };
  }
  const schemas = Object.assign({}, commonSchemas, ...surfaces.map((s) => s.schemas), problemSchemas) as Record<string, Schema>;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Storefront Trips API',
      version: '0.1.0',
      description:
        'Catalog, live prices, availability, holds, checkout and booking management for trip storefronts. ' +
        "Paths under /v1/public/ take the website key (Tp-Publishable-Key); other /v1/ paths take a seller's secret key. " +
        'Amounts are exact {amount, currency} in minor units. Every answer carries X-Request-Id (the one sent, else a new one). ' +
        'Changes are additive: clients ignore unknown fields and handle unknown error codes by status.',
    },
    paths,
    webhooks: Object.assign({}, ...surfaces.map((s) => s.doc?.webhooks ?? {})),
    components: {
      securitySchemes: Object.assign({}, ...surfaces.map((s) => s.doc?.securitySchemes ?? {})),
      schemas,
      headers: {
        'RateLimit-Limit': { description: 'Calls allowed per minute on the clock for this key (absent on keys with no limit)', schema: int(1) },
        'RateLimit-Remaining': { description: 'Calls left this minute (may lag up to 2 seconds across instances)', schema: int(0) },
        'RateLimit-Reset': { description: "Seconds to the minute's end", schema: int(0) },
        'Retry-After': { description: 'Seconds to wait before trying again', schema: int(0) },
        'X-Request-Id': {
          description: 'The request id: the X-Request-Id the request sent, else a new one; it names the request in our logs and its events',
          schema: str(),
        },
        ETag: { description: 'Weak ETag of the answer, the same whatever the encoding; send it back in If-None-Match', schema: str() },
        'Cache-Control-Catalog': {
          description: 'Catalog reads: private, max-age=60 (Vary: Authorization, Tp-Publishable-Key)',
          schema: { const: 'private, max-age=60' },
        },
        'Cache-Control-NoStore': { description: 'Every other answer: no-store', schema: { const: 'no-store' } },
      },
      responses: {
        Problem: problemResponse('RFC 9457 problem document'),
        Unauthenticated: problemResponse('401 Unauthenticated: the key is missing, wrong or revoked, or the endpoint needs a session the request lacks'),
        Forbidden: problemResponse(
          "403 OriginNotAllowed (a browser origin not in the storefront's allowed origins; carries `origin`) or NotPermitted (a secret key lacking the permission; carries `permission` and `reason`)",
        ),
        NotFound: problemResponse(
          '404 NotFound: no such trip, option, hold or booking on this site, or a wrong token or email for a booking; carries `entity`',
        ),
        Conflict: problemResponse(
          '409 Conflict: the state forbids it (already cancelled; hold checked out for someone else; Idempotency-Key reused with a different request); carries `reason` and `details`',
        ),
        ContentTooLarge: problemResponse(
          '413 ContentTooLarge: the body is over what the endpoint takes (1 MiB of JSON; 10 MB for a receipt file); carries `max_bytes`',
        ),
        UnsupportedMediaType: problemResponse('415 UnsupportedMediaType: a body sent without Content-Type: application/json; carries `expected`'),
        Unprocessable: problemResponse(
          '422 InvalidInput (carries `problems`, each with reason, field, detail and details) or a quote, hold or checkout refusal (SlotClosed, SoldOut, NotEnoughCapacity, PastCutoff, PriceNotAvailable, ...) with its extra fields',
        ),
        RateLimited: {
          description: "429 RateLimited: over the key's calls per minute or the limit per client address; carries retry_after_seconds",
          headers: {
            'Retry-After': { description: 'Seconds to wait before trying again (as retry_after_seconds)', required: true, schema: int(0) },
            ...rateHeaders,
          },
          content: problemContent,
        },
        Unavailable: problemResponse('503 Overloaded (every database connection busy for 3 seconds) or SearchUnavailable', {
          'Retry-After': headerRef('Retry-After'),
        }),
      },
    },
  };
}
