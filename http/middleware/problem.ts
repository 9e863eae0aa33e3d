import type { Context, Next } from 'koa';
import type { Logger } from '../../application/platform/ports/logger';
import { StoreOverloaded } from '../../application/platform/ports/document-store';
import { Problem } from '../kernel/problem';

/** Anything thrown below becomes problem+json; what the service did not foresee is logged, never shown. */
export function problems(log: Logger) {
  return async function problems(ctx: Context, next: Next) {
    try {
      await next();
    } catch (error) {
      let problem: Problem;
      if (error instanceof Problem) problem = error;
      else if (error instanceof StoreOverloaded)
        problem = new Problem('Overloaded', 'every database connection is busy: try again in a second', {}, { 'Retry-After': '1' });
      else {
        log.error('unhandled error', { requestId: ctx.state.requestId, path: ctx.path, error: error instanceof Error ? error.stack : String(error) });
        problem = new Problem('InternalError', 'something went wrong on our side; the request id names it in our logs');
      }
      ctx.status = problem.status;
      ctx.set(problem.headers);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/problem+json';
      ctx.body = problem.json();
    }
  };
}
