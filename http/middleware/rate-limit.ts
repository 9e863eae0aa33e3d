import type { Context, Next } from 'koa';
import type { Clock } from '../../application/platform/ports/clock';
import type { RateDelta, SharedRateCounts } from '../../application/platform/shared-rate-counts';
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

interface Window {
  minute: number;
  /** Calls this instance counted. */
  count: number;
  /** Of those, the calls already added to the shared counts. */
  flushed: number;
  /** Calls the other instances counted, as the shared counts last said. */
  others: number;
}

/** How often an instance adds its calls to the shared counts and reads everyone's: counts lag by about this much. */
export const SHARE_EVERY_MS = 1000;

/**
 * Calls per minute on the clock (spec part 8). Each instance counts its own calls at once and,
 * with shared counts (several instances behind a proxy), adds them to the store and reads the
 * others' every second, so a key's count lags by about a second across instances, as part 8
 * allows. A call counts against all its windows or none, so calls an address limit refuses do
 * not spend the key's minute. Memory is bounded: windows of past minutes go first, and a flood
 * of new windows within one minute starts the counts afresh rather than growing without limit.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private sharing: Promise<void> | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly maxWindows = 100_000,
    private readonly shared: SharedRateCounts | null = null,
  ) {
    if (shared) setInterval(() => void this.share(), SHARE_EVERY_MS).unref();
  }

  take(windows: readonly RateWindow[]): RateDecision {
    const nowMs = this.clock.now().getTime();
    const minute = Math.floor(nowMs / 60_000);
    const reset = Math.max(1, Math.ceil(((minute + 1) * 60_000 - nowMs) / 1000));
    const counts = windows.map((w) => {
      const window = this.windows.get(w.key);
      return window && window.minute === minute ? window.count + window.others : 0;
    });
    const refusedBy = windows.findIndex((w, i) => counts[i] >= w.limit);
    if (refusedBy >= 0) return { limit: windows[0].limit, remaining: 0, reset, allowed: false, refusedBy };
    for (const w of windows) this.count(w.key, minute);
    const remaining = Math.min(...windows.map((w, i) => w.limit - counts[i] - 1));
    return { limit: windows[0].limit, remaining, reset, allowed: true, refusedBy: null };
  }

  /** Windows held, for the bound on memory. */
  get size(): number {
    return this.windows.size;
  }

  /**
   * Adds the calls counted since the last time to the shared counts and reads back everyone's
   * for the windows this instance used this minute. One exchange at a time; a failed one keeps
   * its calls to add next time (the local counts keep limiting meanwhile).
   */
  share(): Promise<void> {
    if (!this.shared) return Promise.resolve();
    this.sharing ??= this.exchange(this.shared).finally(() => (this.sharing = null));
    return this.sharing;
  }

  private async exchange(shared: SharedRateCounts): Promise<void> {
    const minute = Math.floor(this.clock.now().getTime() / 60_000);
    const deltas: (RateDelta & { window: Window })[] = [];
    for (const [key, window] of this.windows) {
      if (window.minute !== minute) continue;
      deltas.push({ key, minute, calls: window.count - window.flushed, window });
      window.flushed = window.count;
    }
    try {
      const totals = await shared.exchange(
        deltas.filter((d) => d.calls > 0),
        deltas.map(({ key }) => ({ key, minute })),
      );
      const byKey = new Map(totals.map((t) => [t.key, t.calls]));
      for (const d of deltas) if (d.window.minute === minute) d.window.others = Math.max(0, (byKey.get(d.key) ?? 0) - d.window.flushed);
    } catch {
      for (const d of deltas) d.window.flushed -= d.calls;
    }
  }

  private count(key: string, minute: number): void {
    const window = this.windows.get(key);
    if (window && window.minute === minute) {
      window.count += 1;
      return;
    }
    if (!window && this.windows.size >= this.maxWindows) {
      for (const [k, w] of this.windows) if (w.minute !== minute) this.windows.delete(k);
      if (this.windows.size >= this.maxWindows) this.windows.clear();
    }
    this.windows.set(key, { minute, count: 1, flushed: 0, others: 0 });
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
