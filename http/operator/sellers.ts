import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { randomUUID } from 'node:crypto';
import type { Refusal } from '../../domain/shared/refusal';
import { isRefusal } from '../../domain/shared/refusal';
import { Problem, invalidInputProblem, problemFromRefusal } from '../kernel/problem';
import { fromThisMachine } from './loopback';

export interface SellerStandingDeps {
  suspend(sellerId: string, reason: string, correlationId: string): Promise<unknown>;
  reinstate(sellerId: string, correlationId: string): Promise<unknown>;
}

export const SELLERS_PATH = '/operator/sellers';

const noEndpoint = (ctx: Context) =>
  new Problem('NotFound', `no endpoint ${ctx.path}: the OpenAPI document at /v1/openapi.json lists them`, { entity: 'endpoint' });

const answer = (ctx: Context, result: unknown) => {
  if (isRefusal(result)) throw problemFromRefusal(result as Refusal);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = result;
};

/**
 * The platform's staff suspend a seller (its own site then refuses new holds and checkouts with
 * SellerUnavailable; bookings made keep working) and reinstate it: `POST /operator/sellers/{id}/suspend?reason=...`
 * and `POST /operator/sellers/{id}/reinstate`, from this machine only, like the read models.
 */
export function sellerStandingRoutes(deps: SellerStandingDeps): Middleware {
  const router = new Router({ prefix: SELLERS_PATH });
  router.post('/:sellerId/suspend', async (ctx) => {
    const reason = typeof ctx.query.reason === 'string' ? ctx.query.reason.trim() : '';
    if (reason.length === 0 || reason.length > 500) {
      throw invalidInputProblem([
        { reason: 'invalid_value', field: 'reason', detail: 'reason (query) must be 1 to 500 characters: why the seller is suspended' },
      ]);
    }
    answer(ctx, await deps.suspend(ctx.params.sellerId, reason, randomUUID()));
  });
  router.post('/:sellerId/reinstate', async (ctx) => answer(ctx, await deps.reinstate(ctx.params.sellerId, randomUUID())));
  const routes = router.routes() as Middleware;
  return async function sellerStanding(ctx: Context, next: Next) {
    if (!ctx.path.startsWith(`${SELLERS_PATH}/`)) return next();
    if (!fromThisMachine(ctx.req.socket.remoteAddress, ctx.req.headers)) throw noEndpoint(ctx);
    return routes(ctx, next);
  };
}
