import type { Fx } from '../application/platform/ports/fx';
import type { FxRate } from '../domain/pricing/quote';

/**
 * Rates from US dollars in a fixed table, for use cases tested without the engine. The engine
 * answers from published rates (fx/read-model-fx.ts), first seeded from fx/demo-rates.json with these figures.
 */
const TABLE: Record<string, string> = { USD: '1', EUR: '0.9214', GBP: '0.7890', JPY: '151.37', OMR: '0.38450' };
const AS_OF = '2026-11-01T00:00:00.000Z';

export const fixedRates: Fx = {
  rate(currency: string): FxRate | null {
    const rate = TABLE[currency];
    return rate ? { base: 'USD', quote: currency, rate, rate_id: `fixed-2026-11-01-${currency}`, as_of: AS_OF } : null;
  },
  // A fixed table has nothing to read again.
  refresh: async () => undefined,
};
