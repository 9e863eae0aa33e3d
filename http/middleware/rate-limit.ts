import type { Context, Next } from 'koa';
import type { Clock } from '../../application/platform/ports/clock';
import { Problem } from '../kernel/problem';

/** One count a call is charged to: a key's minute, or one client address's share of it. */
export interface RateWindow {
  key: string;
  limit: number;
}

export interface RateDecision {
  /** The first window's limit (the key's). */
  limit: number;
  /** Calls left this minute: the fewest any window leaves, so a client's own share shows. */
  remaining: number;
  /** Seconds to the end of the current minute. */
  reset: number;
  allowed: boolean;
  /** Which window refused the call (its position in the list); null when allowed. */
  refusedBy: number | null;
}

/** What the key's authentication found: the key's digest, its calls per minute (null: unlimited) and the per-address share. */
export interface RateState {
  key: string;
  limit: number | null;
  perAddress: number | null;
}

/**
 * Calls per minute on the clock (spec part 8). Counts live in this process; across instances
 * RateLimit-Remaining may lag, as the spec allows. A call counts against all its windows or none,
 * so calls an address limit refuses do not spend the key's minute. Memory is bounded: windows of
 * past minutes go first, and a flood of new windows within one minute starts the counts afresh
 * rather than growing without limit.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { minute: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly maxWindows = 100_000,
  ) {}

  take(windows: readonly RateWindow[]): RateDecision {
    const nowMs = this.clock.now().getTime();
    const minute = Math.floor(nowMs / 60_000);
    const reset = Math.max(1, Math.ceil(((minute + 1) * 60_000 - nowMs) / 1000));
    const counts = windows.map((w) => {
      const window = this.windows.get(w.key);
      return window && window.minute === minute ? window.count : 0;
    });
    const refusedBy = windows.findIndex((w, i) => counts[i] >= w.limit);
    if (refusedBy >= 0) return { limit: windows[0].limit, remaining: 0, reset, allowed: false, refusedBy };
    windows.forEach((w, i) => this.count(w.key, minute, counts[i] + 1));
    const remaining = Math.min(...windows.map((w, i) => w.limit - counts[i] - 1));
    return { limit: windows[0].limit, remaining, reset, allowed: true, refusedBy: null };
  }

  /** Windows held, for the bound on memory. */
  get size(): number {
    return this.windows.size;
  }

  private count(key: string, minute: number, count: number): void {
    if (!this.windows.has(key) && this.windows.size >= this.maxWindows) {
      for (const [k, w] of this.windows) if (w.minute !== minute) this.windows.delete(k);
      if (this.windows.size >= this.maxWindows) this.windows.clear();
    }
    this.windows.set(key, { minute, count });
  }
}

function tooMany(reset: number, detail: string): Problem {
  return new Problem('RateLimited', detail, { retry_after_seconds: reset }, { 'Retry-After': String(reset) });
}

/**
 * Counts the call against its key and against the client's address with that key (first
 * X-Forwarded-For entry, spec part 5), so one client cannot spend a whole storefront's minute,
 * and sets RateLimit-* headers, so every keyed answer carries them (problems and unknown paths
 * included: this runs right after authentication, before anything can refuse).
 */
export function rateLimit(limiter: RateLimiter) {
  // Work before the rest only: returning next() spares a turn of the promise chain on every request.
  return function rateLimit(ctx: Context, next: Next): Promise<void> {
    const rate = ctx.state.rate as RateState | undefined;
    if (rate && rate.limit !== null) {
      const windows: RateWindow[] = [{ key: rate.key, limit: rate.limit }];
      if (rate.perAddress !== null) windows.push({ key: `${rate.key}|${ctx.ip}`, limit: rate.perAddress });
      const decision = limiter.take(windows);
      ctx.set('RateLimit-Limit', String(decision.limit));
      ctx.set('RateLimit-Remaining', String(decision.remaining));
      ctx.set('RateLimit-Reset', String(decision.reset));
      if (decision.refusedBy === 0) throw tooMany(decision.reset, `this key made its ${decision.limit} calls this minute: try again in ${decision.reset} s`);
      if (decision.refusedBy !== null) {
        throw tooMany(
          decision.reset,
          `this client address made its ${windows[decision.refusedBy].limit} calls with this key this minute: try again in ${decision.reset} s`,
        );
      }
    }
    return next();
  };
}
