import type { CancellationPolicy } from '../../domain/catalog/definitions';

/** The cancellation policies the demo and the generated catalogs give their options. */
export const FLEXIBLE: CancellationPolicy = {
  name: 'Flexible',
  tiers: [
    { from_days: 1, to_days: null, refund_pct: 100 },
    { from_days: 0, to_days: 1, refund_pct: 0 },
  ],
};
export const MODERATE: CancellationPolicy = {
  name: 'Moderate',
  tiers: [
    { from_days: 7, to_days: null, refund_pct: 100 },
    { from_days: 2, to_days: 7, refund_pct: 50 },
    { from_days: 0, to_days: 2, refund_pct: 0 },
  ],
};
export const STRICT: CancellationPolicy = {
  name: 'Strict',
  tiers: [
    { from_days: 30, to_days: null, refund_pct: 100 },
    { from_days: 0, to_days: 30, refund_pct: 0 },
  ],
};
