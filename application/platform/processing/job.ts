import type { Platform } from '../platform';

/**
 * Time-driven work (expire holds, lapse pending bookings): it sends commands, the decision
 * stays in a decider. `run` works in small batches and stops early when `signal` aborts.
 */
export interface Job {
  name: string;
  /** node-cron expression. */
  schedule: string;
  run(platform: Platform, signal: AbortSignal): Promise<void>;
}
