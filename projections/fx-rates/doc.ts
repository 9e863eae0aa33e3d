import type { Doc } from '../../application/platform/ports/document-store';

/** The newest rate of each currency: `_id` is the currency code. */
export const FX_RATES = 'fx_rates';
/** Every rate ever published: `_id` is its rate_id, what quotes, holds and bookings name. */
export const FX_RATE_HISTORY = 'fx_rate_history';

export interface FxRateDoc extends Doc {
  quote: string;
  /** Units of `quote` per US dollar, a decimal string. */
  rate: string;
  rate_id: string;
  as_of: string;
  /** Who published it: operator, the demo file, a feed. */
  source: string;
  published_at: string;
}
