import type { Context, Next } from 'koa';

const ALLOW_HEADERS = 'Tp-Publishable-Key, Content-Type, Idempotency-Key, If-None-Match, X-Request-Id';
const EXPOSE_HEADERS = 'ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id';

/**
 * Browsers may read every answer to an origin some storefront allows, problems (401, 403) included;
 * whether that origin may use this particular key is the website key's check. Preflights come
 * without the key, so they are answered for any origin some storefront allows.
 */
export function cors(appliesTo: (path: string) => boolean, knownOrigin: (origin: string) => Promise<boolean>) {
  const withOrigin = async (ctx: Context, next: Next, origin: string): Promise<void> => {
    const known = origin !== '' && (await knownOrigin(origin));
    if (known) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.vary('Origin');
    }
    if (ctx.method === 'OPTIONS') {
      if (known) {
        ctx.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
        ctx.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
        ctx.set('Access-Control-Max-Age', '600');
      }
      ctx.status = 204;
      return;
    }
    if (known) ctx.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    await next();
  };
  // Most calls come from servers, with no Origin: they pass straight on.
  return function cors(ctx: Context, next: Next): Promise<void> {
    if (!appliesTo(ctx.path)) return next();
    const origin = ctx.get('Origin');
    if (origin === '' && ctx.method !== 'OPTIONS') return next();
    return withOrigin(ctx, next, origin);
  };
}
