import Router from '@koa/router';
import compose from 'koa-compose';
import type { Context, Middleware, Next } from 'koa';
import type { App } from '../../application/features';
import type { Refusal } from '../../domain/shared/refusal';
import { catalogCache, AnswerCache } from '../middleware/catalog-cache';
import { jsonBody } from '../middleware/body';
import { fileBody } from '../middleware/file-body';
import { etag } from '../middleware/etag';
import { idempotencyKey } from '../middleware/idempotency-key';
import { respond } from '../middleware/respond';
import { validate } from '../middleware/validate';
import type { Operation } from './operation';
import { Problem, problemFromRefusal } from './problem';
import type { Schema } from './schema';
import type { Validator } from './validation';

/** How a surface appears in the OpenAPI document. */
export interface SurfaceDoc {
  /** Security requirement of its operations, e.g. [{ websiteKey: [] }]. */
  security: Record<string, string[]>[];
  securitySchemes: Record<string, unknown>;
  /** Error statuses every operation of the surface may answer (spec part 4: 401, 403, 422, 429 ...). */
  errors: string[];
  /** Whether answers carry RateLimit-* headers. */
  rateLimited: boolean;
  /** OpenAPI 3.1 `webhooks`: what the service POSTs to the surface's users, by event name (Path Item objects). */
  webhooks?: Record<string, unknown>;
}

/**
 * One interface of the service (public, seller, and later others): which paths it owns, its own
 * authentication (run for every request it owns, known path or not), per-operation checks, its
 * error mapper and its operations. A new surface is a new file that defines one of these; the
 * kernel is not edited.
 */
export interface Surface<C = unknown> {
  name: string;
  owns(path: string): boolean;
  middleware: Middleware[];
  perOperation?: (op: Operation<C>) => Middleware[];
  operations: Operation<C>[];
  schemas: Record<string, Schema>;
  mapRefusal?: (refusal: Refusal) => Problem;
  doc?: SurfaceDoc;
}

export function defineSurface<C>(surface: Surface<C>): Surface {
  return surface as Surface;
}

export interface SurfaceWiring {
  app: App;
  validator: Validator;
  cache: AnswerCache;
  catalogVersion: () => number;
}

/** No operation matched: 405 with Allow when the path takes other methods, else 404. */
function unmatched(router: Router) {
  return async function unmatched(ctx: Context) {
    const allowed = [...new Set(router.stack.filter((layer) => layer.match(ctx.path)).flatMap((layer) => layer.methods))].filter((m) => m !== 'HEAD');
    if (allowed.length > 0) {
      ctx.set('Allow', allowed.join(', '));
      throw new Problem('MethodNotAllowed', `${ctx.method} is not taken here: use ${allowed.join(' or ')}`);
    }
    throw new Problem('NotFound', `no endpoint ${ctx.path}: the OpenAPI document at /v1/openapi.json lists them`, { entity: 'endpoint' });
  };
}

/** The surface as one Koa middleware: its authentication, then its operations, each a pipeline of one-job middleware. */
export function mountSurface(surface: Surface, wiring: SurfaceWiring): Middleware {
  const router = new Router();
  const mapRefusal = surface.mapRefusal ?? problemFromRefusal;
  // Paths without parameters are found by one map lookup; the router matches the rest.
  const exact = new Map<string, Middleware>();
  for (const op of surface.operations) {
    // Only the steps an operation needs, composed once: each step is a turn of the pipeline on every request.
    const pipeline = compose([
      ...(op.idempotencyKey ? [idempotencyKey(op)] : []),
      ...(surface.perOperation?.(op) ?? []),
      ...(op.body ? [jsonBody(op)] : []),
      ...(op.fileBody ? [fileBody(op)] : []),
      validate(op, wiring.validator),
      etag(op),
      ...(op.catalogRead ? [catalogCache(op, wiring.cache, wiring.catalogVersion)] : []),
      respond(op, wiring.app, mapRefusal),
    ]) as Middleware;
    const route = op.path.replace(/\{(\w+)\}/g, ':$1').replace(/:(\w+)$/, op.lastParamTakesSlashes ? ':$1(.+)' : ':$1');
    router.register(route, [op.method.toUpperCase()], [pipeline], { name: op.id });
    if (!op.path.includes('{')) exact.set(`${op.method.toUpperCase()} ${op.path}`, pipeline);
  }
  const exactRoutes: Middleware = (ctx, next) => {
    const pipeline = exact.get(`${ctx.method} ${ctx.path}`);
    return pipeline ? pipeline(ctx, next) : next();
  };
  const chain = compose([...surface.middleware, exactRoutes, router.routes() as Middleware, unmatched(router)]);
  return function surfaceOf(ctx: Context, next: Next) {
    return surface.owns(ctx.path) ? chain(ctx, next) : next();
  };
}
