import Router from '@koa/router';
import type { Middleware } from 'koa';
import { defineSurface, type Surface } from '../kernel/surface';
import { READ_MODELS_PATH, ReadModelsDeps, readModelRoutes } from './read-models';
import { SELLERS_PATH, SellerStandingDeps, sellerStandingRoutes } from './sellers';
import { FX_RATES_PATH, FxRatesDeps, fxRatesRoutes } from './fx-rates';

export interface OperatorSurfaceDeps {
  /** Whether the read models have caught up with the log as it stood at start. */
  ready: () => boolean;
  /** The OpenAPI document, as JSON text. */
  openApi: string;
  /** The live read models, for `npm run replay` on this machine. */
  readModels: ReadModelsDeps;
  /** Suspending and reinstating sellers, for the platform's staff on this machine. */
  sellers: SellerStandingDeps;
  /** Exchange rates: set by the platform's staff on this machine; stale ones reported by /readyz. */
  fxRates: FxRatesDeps;
}

const PATHS = new Set(['/healthz', '/readyz', '/v1/openapi.json']);

/**
 * What operators and tools read without a key: liveness, readiness and the OpenAPI document; and,
 * from this machine only, the live read models (read-models.ts), the sellers' standing (sellers.ts) and exchange rates (fx-rates.ts).
 */
export function operatorSurface(deps: OperatorSurfaceDeps): Surface {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  // Rates older than FX_MAX_AGE_HOURS do not make the service unready (it still prices): they are reported in details.
  router.get('/readyz', async (ctx) => {
    const ready = deps.ready();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'catching_up', details: { fx: await deps.fxRates.freshness() } };
  });
  router.get('/v1/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.type = 'application/json';
    ctx.body = deps.openApi;
  });
  return defineSurface({
    name: 'operator',
    owns: (path) => PATHS.has(path) || path.startsWith(`${READ_MODELS_PATH}/`) || path.startsWith(`${SELLERS_PATH}/`) || path.startsWith(FX_RATES_PATH),
    middleware: [router.routes() as Middleware, readModelRoutes(deps.readModels), sellerStandingRoutes(deps.sellers), fxRatesRoutes(deps.fxRates)],
    operations: [],
    schemas: {},
  });
}
