import type { Context, Middleware, Next } from 'koa';
import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import { Problem, problemFromRefusal } from '../kernel/problem';
import { fromThisMachine } from './loopback';

/** The same answer as a path that does not exist: a stranger learns nothing about these endpoints. */
const noEndpoint = (ctx: Context) =>
  new Problem('NotFound', `no endpoint ${ctx.path}: the OpenAPI document at /v1/openapi.json lists them`, { entity: 'endpoint' });

/** Routes under `prefix`, answered to operators on this machine only (anyone else meets a 404). */
export function machineOnly(prefix: string, routes: Middleware): Middleware {
  return async function operatorRoutes(ctx: Context, next: Next) {
    if (ctx.path !== prefix && !ctx.path.startsWith(`${prefix}/`)) return next();
    if (!fromThisMachine(ctx.req.socket.remoteAddress, ctx.req.headers)) throw noEndpoint(ctx);
    return routes(ctx, next);
  };
}

/** An operator endpoint's answer: its refusal as problem+json, else the result, never cached. */
export function answer(ctx: Context, result: unknown): void {
  if (isRefusal(result)) throw problemFromRefusal(result as Refusal);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = result;
}
