import Decimal from 'decimal.js';
import { DateTime } from 'luxon';
import type { CancellationPolicy } from '../catalog/definitions';

/**
 * Whole days from `now` to the local start, counted in the trip's zone
 * (a start tomorrow morning is 1 day away whatever the hour now).
 */
export function daysBefore(start: string, timezone: string, now: Date): number {
  const startDay = DateTime.fromISO(start.slice(0, 10), { zone: timezone }).startOf('day');
  const today = DateTime.fromJSDate(now, { zone: timezone }).startOf('day');
  return Math.round(startDay.diff(today, 'days').days);
}

/** The tier that applies `days` before the start; past the start nothing is refunded. */
export function refundPct(policy: CancellationPolicy, days: number): number {
  if (days < 0) return 0;
  const tier = policy.tiers.find((t) => days >= t.from_days && (t.to_days === null || days < t.to_days));
  return tier ? tier.refund_pct : 0;
}

/** A percentage of an amount in minor units, rounded once (half up). */
export function percentOf(amount: number, pct: number): number {
  return new Decimal(amount).mul(pct).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

/** The preset a policy's name stands for in quotes (lowercase snake_case). */
export function policyPreset(policy: CancellationPolicy): string {
  return policy.name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}
