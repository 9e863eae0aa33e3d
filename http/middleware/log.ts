import type { Context, Next } from 'koa';
import type { Logger } from '../../application/platform/ports/logger';

/** One log line per request (when enabled), with its request id and the client's address. */
export function requestLog(log: Logger) {
  return async function requestLog(ctx: Context, next: Next) {
    const started = Date.now();
    try {
      await next();
    } finally {
      log.info('request', { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Date.now() - started, ip: ctx.ip });
    }
  };
}
