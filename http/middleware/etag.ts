import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Operation } from '../kernel/operation';

/** A weak ETag of the JSON text, so it is the same whatever the encoding on the wire. */
export function weakEtag(json: Buffer): string {
  return `W/"${createHash('sha1').update(json).digest('base64url')}"`;
}

/** If-None-Match matches when any listed tag equals ours, weak or strong (RFC 9110 weak comparison). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const ours = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === ours);
}

/**
 * Spec part 8: catalog reads carry a weak ETag (the same whatever the encoding), private max-age=60
 * and Vary, and answer 304 to a matching If-None-Match; every other answer is no-store.
 */
export function etag(op: Operation) {
  return async function etag(ctx: Context, next: Next) {
    await next();
    if (!op.catalogRead) {
      ctx.set('Cache-Control', 'no-store');
      return;
    }
    ctx.vary('Authorization, Tp-Publishable-Key, Accept-Encoding');
    if (ctx.status !== op.success.status || !Buffer.isBuffer(ctx.body)) return;
    const tag = (ctx.state.etag as string | undefined) ?? weakEtag(ctx.body);
    ctx.set('Cache-Control', 'private, max-age=60');
    ctx.set('ETag', tag);
    if (matchesIfNoneMatch(ctx.get('If-None-Match'), tag)) {
      ctx.status = 304;
      ctx.body = null;
      ctx.remove('Content-Encoding');
    }
  };
}
