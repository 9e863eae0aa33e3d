import { randomUUID } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import compress from 'koa-compress';
import type { CatalogQueries } from '../../application/catalog/queries';
import type { CatalogReads } from '../../projections/catalog/queries';
import type { CatalogService } from '../../application/seller/commands';
import type { BookingService } from '../../application/booking-service';
import type { StorefrontDoc } from '../../application/platform/context';
import type { Clock } from '../../application/platform/ports/clock';
import type { SellerQueries } from '../../application/seller/queries';
import { StoreOverloaded } from '../../application/platform/ports/document-store';
import { secretHash } from '../../application/platform/secrets';
import { isRefusal } from '../../domain/shared/refusal';
import type { Logger } from '../../infra/logger';
import { matchesIfNoneMatch, weakEtag } from '../middleware/etag';
import { RateLimiter } from '../middleware/rate-limit';
import { Operation, openApiDocument, operations } from '../operations';
import { Problem, invalidInputProblem, problemFromRefusal, unauthenticated } from './problem';
import { Handler, publicHandlers } from '../routes/public';
import { sellerHandlers } from '../routes/seller';
import { Validator } from './validation';

export interface AppDeps {
  clock: Clock;
  catalogReads: CatalogReads;
  catalogQueries: CatalogQueries;
  catalogService: CatalogService;
  bookings: BookingService;
  sellerQueries: SellerQueries;
  awaitProjections: (position: number) => Promise<unknown>;
  /** Log position the catalog projection has reached: a changed catalog invalidates cached answers. */
  catalogVersion: () => number;
  ready: () => boolean;
  log: Logger;
  /** One log line per request. */
  logRequests: boolean;
  secretKeyLimitPerMinute: number;
  websiteKeyLimitPerMinute: number;
}

export interface RequestState {
  storefront?: StorefrontDoc;
  sellerId?: string;
  correlationId: string;
}

const CORS_ALLOW_HEADERS = 'Tp-Publishable-Key, Content-Type, Idempotency-Key, If-None-Match';
const CORS_EXPOSE_HEADERS = 'ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After';
const RESPONSE_CACHE_SIZE = 2000;
const COMPRESS_THRESHOLD = 1024;
const BROTLI_QUALITY = 4;

interface CachedAnswer {
  version: number;
  json: Buffer;
  etag: string;
  /** Compressed once, on first demand, then served as is. */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

function encode(answer: CachedAnswer, encoding: 'br' | 'gzip'): Buffer {
  answer.encoded[encoding] ??= encoding === 'br'
    ? brotliCompressSync(answer.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(answer.json);
  return answer.encoded[encoding] as Buffer;
}

export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.proxy = true;
  const router = new Router();
  const validator = new Validator(operations);
  const limiter = new RateLimiter(deps.clock);
  const handlers: Record<string, Handler> = { ...publicHandlers, ...sellerHandlers };
  // Kept as bytes (and compressed bytes): a cached answer is written as is, with no work per request.
  const responseCache = new Map<string, CachedAnswer>();
  const openApi = JSON.stringify(openApiDocument());

  const compressor = compress({
    threshold: COMPRESS_THRESHOLD,
    br: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    gzip: { flush: zlib.Z_SYNC_FLUSH },
    deflate: false,
  });
  // Outermost, so problem answers are compressed too. A client that accepts no encoding gets plain bytes; skipping the middleware then saves its cost.
  app.use((ctx, next) => (ctx.get('Accept-Encoding') ? compressor(ctx, next) : next()));

  // Every error leaves as problem+json; nothing a client sends reaches a 500 with details.
  app.use(async (ctx, next) => {
    const started = Date.now();
    const correlationId = randomUUID();
    ctx.state.correlationId = correlationId;
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw new Problem(404, 'NotFound', 'no such endpoint', { entity: 'endpoint' });
      if (ctx.status === 405) throw new Problem(405, 'MethodNotAllowed', 'this endpoint does not take that method');
    } catch (error) {
      let problem: Problem;
      if (error instanceof Problem) problem = error;
      else if (error instanceof StoreOverloaded) problem = new Problem(503, 'Overloaded', 'every database connection is busy: try again', {}, { 'Retry-After': '1' });
      else {
        deps.log.error('unhandled error', { correlationId, path: ctx.path, error: error instanceof Error ? error.stack : String(error) });
        problem = new Problem(500, 'InternalError', 'something went wrong on our side');
      }
      ctx.status = problem.status;
      ctx.set(problem.headers);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/problem+json';
      ctx.body = JSON.stringify(problem.body());
    }
    if (deps.logRequests) deps.log.info('request', { correlationId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Date.now() - started, ip: ctx.ip });
  });


  app.use(koaBody({
    json: true,
    text: false,
    urlencoded: false,
    multipart: false,
    jsonLimit: '1mb',
    jsonStrict: false,
    onError: (error) => {
      // Malformed JSON (or a body too large) does not fit the contract at all: no field problems to list.
      const tooLarge = (error as { status?: number }).status === 413;
      throw invalidInputProblem([], tooLarge ? 'the body is larger than 1 MB' : 'the body is not valid JSON');
    },
  }));

  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const ready = deps.ready();
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'catching_up' };
  });
  router.get('/v1/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'application/json';
    ctx.body = openApi;
  });

  // Browsers send preflights without the key: an origin some storefront allows is answered; the real request is checked against its own key.
  let knownOrigins: { version: number; origins: Set<string> } | null = null;
  const originKnown = async (origin: string): Promise<boolean> => {
    const version = deps.catalogVersion();
    if (knownOrigins?.version !== version) {
      knownOrigins = { version, origins: await deps.catalogReads.allowedOrigins() };
    }
    return knownOrigins.origins.has(origin);
  };
  app.use(async (ctx, next) => {
    if (ctx.method !== 'OPTIONS' || !ctx.path.startsWith('/v1/public/')) return next();
    const origin = ctx.get('Origin');
    if (origin && (await originKnown(origin))) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
      ctx.set('Access-Control-Max-Age', '600');
      ctx.set('Vary', 'Origin');
    }
    ctx.status = 204;
  });

  // Website keys resolve on every public call: remembered until the catalog (keys, storefronts) changes.
  let resolvedKeys = new Map<string, { hash: string; storefront: StorefrontDoc }>();
  let resolvedAt = -1;
  const websiteKey = async (key: string): Promise<{ hash: string; storefront: StorefrontDoc }> => {
    const version = deps.catalogVersion();
    if (version !== resolvedAt || resolvedKeys.size > 10_000) {
      resolvedKeys = new Map();
      resolvedAt = version;
    }
    const known = resolvedKeys.get(key);
    if (known) return known;
    const hash = secretHash(key);
    const storefront = await deps.catalogReads.websiteKey(hash);
    if (!storefront) throw unauthenticated('the website key is not valid');
    const resolved = { hash, storefront };
    if (deps.catalogVersion() === version) resolvedKeys.set(key, resolved);
    return resolved;
  };

  const authenticate = async (ctx: Koa.Context, op: Operation): Promise<{ rateKey: string; limit: number | null } | null> => {
    if (op.auth === 'website') {
      const key = ctx.get('Tp-Publishable-Key');
      if (!key) throw unauthenticated('send the website key in Tp-Publishable-Key');
      const { hash, storefront } = await websiteKey(key);
      const origin = ctx.get('Origin');
      if (origin) {
        if (!storefront.allowed_origins.includes(origin)) throw new Problem(403, 'OriginNotAllowed', 'this origin may not use the website key', { origin });
        ctx.set('Access-Control-Allow-Origin', origin);
        ctx.set('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
      }
      ctx.state.storefront = storefront;
      const limit = storefront.rate_limit_per_minute ?? (storefront.kind === 'marketplace' ? null : deps.websiteKeyLimitPerMinute);
      return { rateKey: hash, limit };
    }
    if (op.auth === 'secret') {
      const header = ctx.get('Authorization');
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw unauthenticated('send the secret key as Authorization: Bearer');
      const hash = secretHash(match[1]);
      const found = await deps.catalogReads.secretKey(hash);
      if (!found) throw unauthenticated('the secret key is not valid');
      if (op.permission && !found.scopes.includes(op.permission)) {
        throw new Problem(403, 'NotPermitted', `this key lacks the permission ${op.permission}`, { permission: op.permission, reason: 'missing_permission' });
      }
      ctx.state.sellerId = found.sellerId;
      return { rateKey: hash, limit: deps.secretKeyLimitPerMinute };
    }
    return null;
  };

  for (const op of operations) {
    const handler = handlers[op.id];
    const koaPath = op.path.replace(/\{(\w+)\}/g, ':$1');
    router[op.method](koaPath, async (ctx) => {
      const auth = await authenticate(ctx, op);
      if (auth && auth.limit !== null) {
        const rate = limiter.take(auth.rateKey, auth.limit);
        ctx.set('RateLimit-Limit', String(rate.limit));
        ctx.set('RateLimit-Remaining', String(rate.remaining));
        ctx.set('RateLimit-Reset', String(rate.reset));
        if (!rate.allowed) {
          throw new Problem(429, 'RateLimited', 'too many calls this minute', { retry_after_seconds: rate.reset }, { 'Retry-After': String(rate.reset) });
        }
      }
      const body = ctx.request.body as unknown;
      const hasBody = ctx.request.length !== undefined && ctx.request.length > 0 || (ctx.get('Transfer-Encoding') !== '');
      // A body that is missing or not a JSON object does not fit the contract at all: no field problems to list.
      if (op.body && ((hasBody && (typeof body !== 'object' || body === null || Array.isArray(body))) || (!hasBody && op.bodyRequired))) {
        throw invalidInputProblem([], 'the body must be a JSON object');
      }
      const idempotencyKey = ctx.get('Idempotency-Key') || undefined;
      if (op.idempotencyKey && ctx.headers['idempotency-key'] !== undefined && (!idempotencyKey || idempotencyKey.length > 255)) {
        throw invalidInputProblem([{ reason: 'invalid_value', field: 'Idempotency-Key', detail: 'Idempotency-Key must be 1 to 255 characters' }]);
      }
      const input = validator.validate(op, ctx.params, ctx.query, op.body ? (hasBody ? body : op.bodyRequired ? undefined : {}) : undefined);
      if (Array.isArray(input)) throw invalidInputProblem(input);

      // Answers that depend on the day (date, month) are not kept; the rest change only with the catalog.
      const timeBound = 'date' in input.query || 'month' in input.query;
      const cacheKey = op.catalogRead && !timeBound ? `${ctx.state.storefront?._id ?? ''}|${ctx.url}` : null;
      const version = deps.catalogVersion();
      const cached = cacheKey ? responseCache.get(cacheKey) : undefined;
      let answer: CachedAnswer | undefined = cached && cached.version === version ? cached : undefined;
      let json: Buffer;
      let status = op.success.status;
      if (answer) {
        json = answer.json;
      } else {
        const result = await handler({ ...input, idempotencyKey, state: ctx.state as RequestState, deps });
        if (isRefusal(result)) throw problemFromRefusal(result);
        status = result.status ?? op.success.status;
        json = Buffer.from(JSON.stringify(result.body));
        if (cacheKey) {
          answer = { version, json, etag: weakEtag(json), encoded: {} };
          if (responseCache.size >= RESPONSE_CACHE_SIZE) responseCache.delete(responseCache.keys().next().value as string);
          responseCache.set(cacheKey, answer);
        }
      }
      ctx.set('Vary', op.catalogRead ? 'Authorization, Tp-Publishable-Key, Accept-Encoding' : 'Authorization, Accept-Encoding');
      if (ctx.response.get('Access-Control-Allow-Origin')) ctx.vary('Origin');
      if (op.catalogRead) {
        const etag = answer?.etag ?? weakEtag(json);
        ctx.set('Cache-Control', 'private, max-age=60');
        ctx.set('ETag', etag);
        if (matchesIfNoneMatch(ctx.get('If-None-Match'), etag)) {
          ctx.status = 304;
          return;
        }
      } else {
        ctx.set('Cache-Control', 'no-store');
      }
      ctx.status = status;
      ctx.type = 'application/json';
      const encoding = answer && json.length >= COMPRESS_THRESHOLD && ctx.get('Accept-Encoding') ? ctx.acceptsEncodings('br', 'gzip', 'identity') : false;
      if (answer && (encoding === 'br' || encoding === 'gzip')) {
        ctx.compress = false;
        ctx.set('Content-Encoding', encoding);
        ctx.body = encode(answer, encoding);
      } else {
        ctx.body = json;
      }
    });
  }

  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  return app;
}
