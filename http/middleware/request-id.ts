import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';

const ACCEPTED = /^[A-Za-z0-9._:/+=-]{1,200}$/;

/**
 * Every answer carries X-Request-Id: the one the request sent (when it is a plausible id), else a
 * new one. The same id is the correlationId of the events the request appends and is in its log lines.
 */
export function requestId() {
  // Work before the rest only: returning next() spares a turn of the promise chain on every request.
  return function requestId(ctx: Context, next: Next): Promise<void> {
    const sent = ctx.get('X-Request-Id');
    const id = ACCEPTED.test(sent) ? sent : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    return next();
  };
}
