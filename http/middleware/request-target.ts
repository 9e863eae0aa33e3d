import type { Context, Next } from 'koa';
import { Problem } from '../kernel/problem';

/** A target that is not a path (CONNECT's host:port) names no endpoint: 404, before anything reads the path. */
export function requestTarget() {
  return async function requestTarget(ctx: Context, next: Next) {
    if (typeof ctx.path !== 'string' || !ctx.path.startsWith('/')) {
      throw new Problem('NotFound', 'the request target is not a path: the OpenAPI document at /v1/openapi.json lists the endpoints', { entity: 'endpoint' });
    }
    await next();
  };
}
