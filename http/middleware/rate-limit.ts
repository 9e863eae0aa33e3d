import type { Clock } from '../../application/platform/ports/clock';

export interface RateDecision {
  limit: number;
  remaining: number;
  /** Seconds to the end of the current minute. */
  reset: number;
  allowed: boolean;
}

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
      if (this.windows.size > 10_000) this.windows = new Map();
      window = { minute, count: 0 };
      this.windows.set(key, window);
    }
    const reset = Math.max(1, Math.ceil(((minute + 1) * 60_000 - nowMs) / 1000));
    if (window.count >= limit) return { limit, remaining: 0, reset, allowed: false };
    window.count += 1;
    return { limit, remaining: limit - window.count, reset, allowed: true };
  }
}
