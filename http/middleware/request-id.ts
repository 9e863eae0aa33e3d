import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';

const ACCEPTED = /^[A-Za-z0-9._:/+=-]{1,200}$/;

/**
 * Every answer carries X-Request-Id: the one the request sent (when it is a plausible id), else a
 * new one. The same id is the correlationId of the events the request appends and is in its log lines.
 */
export function requestId() {
  return async function requestId(ctx: Context, next: Next) {
    const sent = ctx.get('X-Request-Id');
    const id = ACCEPTED.test(sent) ? sent : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
