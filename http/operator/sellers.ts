import type { Middleware } from 'koa';
import { invalidInputProblem } from '../kernel/problem';
import { answer, machineOnly } from './machine-only';
import Router from '@koa/router';
import { randomUUID } from 'node:crypto';

export interface SellerStandingDeps {
  suspend(sellerId: string, reason: string, correlationId: string): Promise<unknown>;
  reinstate(sellerId: string, correlationId: string): Promise<unknown>;
}

export const SELLERS_PATH = '/operator/sellers';

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
  return machineOnly(SELLERS_PATH, router.routes() as Middleware);
}
