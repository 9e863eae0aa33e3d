/** How long to wait before trying a failed event again: `firstMs`, doubling up to `maxMs`. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 100, maxMs: 30_000 };

/** The pause after the `failures`-th failure in a row (1 for the first). */
export function backoffDelay(backoff: Backoff, failures: number): number {
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.min(failures - 1, 30));
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
