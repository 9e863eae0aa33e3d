import type { Context, Middleware } from 'koa';
import { Problem, invalidInputProblem } from '../kernel/problem';
import { readBody } from '../middleware/body';
import { answer, machineOnly } from './machine-only';
import Router from '@koa/router';
import { randomUUID } from 'node:crypto';
import type { OfferedRate, RatesFreshness } from '../../domain/fx';

export interface FxRatesDeps {
  publish(rates: OfferedRate[], correlationId: string): Promise<unknown>;
  latest(): Promise<unknown>;
  rate(rateId: string): Promise<unknown>;
  freshness(): Promise<RatesFreshness>;
}

export const FX_RATES_PATH = '/operator/fx-rates';

/** A list of rates is small: a few hundred currencies at most. */
const MAX_BODY_BYTES = 64 * 1024;

async function jsonObject(ctx: Context): Promise<Record<string, unknown>> {
  if (!ctx.is('application/json', '+json')) {
    throw new Problem('UnsupportedMediaType', 'send the rates as JSON with the header Content-Type: application/json', { expected: 'application/json' });
  }
  const bytes = await readBody(
    ctx,
    MAX_BODY_BYTES,
    () => new Problem('ContentTooLarge', `the body is larger than ${MAX_BODY_BYTES} bytes`, { max_bytes: MAX_BODY_BYTES }),
  );
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalidInputProblem([], 'the body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidInputProblem([], 'the body must be a JSON object');
  return body as Record<string, unknown>;
}

/**
 * The platform's staff set exchange rates, from this machine only (like the read models and the sellers'
 * standing): `POST /operator/fx-rates` with `{rates: [{quote, rate, rate_id?, as_of?}]}` (units per US
 * dollar as decimal strings; `rate_id` and `as_of` default to a new id and now) answers `{published, rates}`;
 * `GET /operator/fx-rates` the newest rate of every currency; `GET /operator/fx-rates/{rateId}` one rate however old.
 */
export function fxRatesRoutes(deps: FxRatesDeps): Middleware {
  const router = new Router({ prefix: FX_RATES_PATH });
  router.get('/', async (ctx) => answer(ctx, await deps.latest()));
  router.post('/', async (ctx) => {
    const body = await jsonObject(ctx);
    if (!Array.isArray(body.rates)) {
      throw invalidInputProblem([{ reason: 'required', field: 'rates', detail: 'rates must be a list of {quote, rate, rate_id?, as_of?}' }]);
    }
    answer(ctx, await deps.publish(body.rates as OfferedRate[], randomUUID()));
  });
  router.get('/:rateId', async (ctx) => answer(ctx, await deps.rate(ctx.params.rateId)));
  return machineOnly(FX_RATES_PATH, router.routes() as Middleware);
}
