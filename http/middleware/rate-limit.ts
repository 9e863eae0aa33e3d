import type { Context, Next } from 'koa';
import type { Clock } from '../../application/platform/ports/clock';
import { Problem } from '../kernel/problem';

export interface RateDecision {
  limit: number;
  remaining: number;
  /** Seconds to the end of the current minute. */
  reset: number;
  allowed: boolean;
}

/** What the key's authentication found: the key's digest, its calls per minute (null: unlimited) and the per-address share. */
export interface RateState {
  key: string;
  limit: number | null;
  perAddress: number | null;
}

const MAX_WINDOWS = 100_000;

/**
 * Calls per key per minute on the clock (spec part 8). Counts live in this process;
 * across instances RateLimit-Remaining may lag, as the spec allows.
 */
export class RateLimiter {
  private windows = new Map<string, { minute: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  take(key: string, limit: number): RateDecision {
    const nowMs = this.clock.now().getTime();
    const minute = Math.floor(nowMs / 60_000);
    let window = this.windows.get(key);
    if (!window || window.minute !== minute) {
      if (this.windows.size > MAX_WINDOWS) this.windows = new Map();
      window = { minute, count: 0 };
      this.windows.set(key, window);
    }
    const reset = Math.max(1, Math.ceil(((minute + 1) * 60_000 - nowMs) / 1000));
    if (window.count >= limit) return { limit, remaining: 0, reset, allowed: false };
    window.count += 1;
    return { limit, remaining: limit - window.count, reset, allowed: true };
  }
}

function tooMany(reset: number, detail: string): Problem {
  return new Problem('RateLimited', detail, { retry_after_seconds: reset }, { 'Retry-After': String(reset) });
}

/**
 * Counts the call against its key and sets RateLimit-* headers, so every keyed answer carries them
 * (problems and unknown paths included: this runs right after authentication, before anything
 * can refuse), then against the client's address with that key (first X-Forwarded-For entry,
 * spec part 5), so one client cannot spend a whole storefront's minute.
 */
export function rateLimit(limiter: RateLimiter) {
  return async function rateLimit(ctx: Context, next: Next) {
    const rate = ctx.state.rate as RateState | undefined;
    if (rate && rate.limit !== null) {
      const decision = limiter.take(rate.key, rate.limit);
      ctx.set('RateLimit-Limit', String(decision.limit));
      ctx.set('RateLimit-Remaining', String(decision.remaining));
      ctx.set('RateLimit-Reset', String(decision.reset));
      if (!decision.allowed) throw tooMany(decision.reset, `this key made its ${decision.limit} calls this minute: try again in ${decision.reset} s`);
      if (rate.perAddress !== null && !limiter.take(`${rate.key}|${ctx.ip}`, rate.perAddress).allowed) {
        throw tooMany(decision.reset, `too many calls from this address this minute: try again in ${decision.reset} s`);
      }
    }
    await next();
  };
}
