import type { Context, Next } from 'koa';
import type { StorefrontContext, StorefrontDoc } from '../../application/platform/context';
import { Problem, unauthenticated } from '../kernel/problem';
import type { RateState } from './rate-limit';

export interface WebsiteKeys {
  /** The storefront a website key opens, with the key's digest; null for a key that opens none. */
  resolve(key: string): Promise<{ hash: string; storefront: Readonly<StorefrontDoc>; retiresAt?: string | null } | null>;
  /** Changes whenever keys or storefronts may have changed. */
  version(): number;
}

export interface WebsiteKeyLimits {
  /** Calls per minute of a direct storefront's key unless the storefront sets its own. */
  perKey: number;
  /** Calls per minute one client address may make with one key: below the key's, so one client cannot spend it all. */
  perAddress: number;
}

const MEMO_SIZE = 10_000;

/**
 * Spec part 5: the website key decides the storefront; from a browser (a request with Origin) it
 * works only for the storefront's allowed origins. Keys resolve on every public call, so they are
 * remembered until keys or storefronts change.
 */
export function websiteKey(keys: WebsiteKeys, limits: WebsiteKeyLimits) {
  type Resolved = { hash: string; storefront: Readonly<StorefrontDoc> };
  let memo = new Map<string, Resolved>();
  let memoVersion = -1;
  const remembered = (key: string): Resolved | undefined => {
    const version = keys.version();
    if (version !== memoVersion || memo.size > MEMO_SIZE) {
      memo = new Map();
      memoVersion = version;
    }
    return memo.get(key);
  };
  const resolve = async (key: string): Promise<Resolved | null> => {
    const version = keys.version();
    const resolved = await keys.resolve(key);
    // A rotated key in its grace is asked about on every call: whether it still works depends on the clock.
    if (resolved && !resolved.retiresAt && keys.version() === version) memo.set(key, resolved);
    return resolved;
  };
  const admit = (ctx: Context, { hash, storefront }: Resolved): void => {
    const limit = storefront.rate_limit_per_minute ?? (storefront.kind === 'marketplace' ? null : limits.perKey);
    const rate: RateState = { key: hash, limit, perAddress: limit === null ? null : Math.min(limits.perAddress, limit) };
    ctx.state.rate = rate;
    const caller: StorefrontContext = { storefront: storefront as StorefrontDoc, correlationId: ctx.state.requestId as string };
    ctx.state.caller = caller;
  };

  // A remembered key is admitted without waiting on anything: this runs on every public call.
  return function websiteKey(ctx: Context, next: Next): Promise<void> {
    const key = ctx.get('Tp-Publishable-Key');
    if (!key) throw unauthenticated('send the website key in the Tp-Publishable-Key header');
    const known = remembered(key);
    if (known) {
      admit(ctx, known);
      return next();
    }
    return resolve(key).then((resolved) => {
      if (!resolved) throw unauthenticated('the website key is not valid: send a tp_pk_ key of this service');
      admit(ctx, resolved);
      return next();
    });
  };
}

/** Spec part 5: from a browser (a request with Origin) the key works only for its storefront's allowed origins. */
export function allowedOrigin() {
  // Work before the rest only: returning next() spares a turn of the promise chain on every request.
  return function allowedOrigin(ctx: Context, next: Next): Promise<void> {
    const origin = ctx.get('Origin');
    const caller = ctx.state.caller as StorefrontContext;
    if (origin && !caller.storefront.allowed_origins.includes(origin)) {
      throw new Problem('OriginNotAllowed', `the origin ${origin} may not use this website key: the storefront's owner adds it to its allowed origins`, {
        origin,
      });
    }
    return next();
  };
}
