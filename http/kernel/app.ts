import Koa from 'koa';
import type { App } from '../../application/features';
import type { Logger } from '../../application/platform/ports/logger';
import { AnswerCache } from '../middleware/catalog-cache';
import { compression } from '../middleware/compress';
import { cors } from '../middleware/cors';
import { requestLog } from '../middleware/log';
import { problems } from '../middleware/problem';
import { requestId } from '../middleware/request-id';
import { requestTarget } from '../middleware/request-target';
import { Problem } from './problem';
import { Surface, mountSurface } from './surface';
import { Validator } from './validation';

export interface KernelDeps {
  app: App;
  log: Logger;
  /** One log line per request. */
  logRequests: boolean;
  /** Log position of the catalog projection: a changed catalog invalidates cached answers and known keys. */
  catalogVersion: () => number;
  /** Whether some storefront allows this browser origin. */
  knownOrigin: (origin: string) => Promise<boolean>;
}

/**
 * The HTTP kernel: small named middleware, one job each, then the surfaces, each with its own
 * authentication, operations and error mapper. Outermost first: request id, log, compression
 * (so problems are compressed too), problem+json for anything thrown, a path to route on, CORS.
 */
export function createHttpApp(surfaces: readonly Surface[], deps: KernelDeps): Koa {
  const app = new Koa();
  app.proxy = true;
  const wiring = {
    app: deps.app,
    validator: new Validator(surfaces.flatMap((s) => s.operations)),
    cache: new AnswerCache(),
    catalogVersion: deps.catalogVersion,
  };
  app.use(requestId());
  if (deps.logRequests) app.use(requestLog(deps.log));
  app.use(compression());
  app.use(problems(deps.log));
  app.use(requestTarget());
  app.use(cors((path) => path.startsWith('/v1/public/'), deps.knownOrigin));
  for (const surface of surfaces) app.use(mountSurface(surface, wiring));
  app.use(async (ctx) => {
    throw new Problem('NotFound', `no endpoint ${ctx.path}: the OpenAPI document at /v1/openapi.json lists them`, { entity: 'endpoint' });
  });
  return app;
}
