import type { Fx } from '../application/platform/ports/fx';
import type { FxRate } from '../domain/pricing/quote';

/**
 * Rates from US dollars. The embedded engine uses this fixed table (dated by its id);
 * a live rate feed replaces it behind the same port.
 */
const TABLE: Record<string, string> = { USD: '1', EUR: '0.9214', GBP: '0.7890', JPY: '151.37', OMR: '0.38450' };
const AS_OF = '2026-11-01T00:00:00.000Z';

export const fixedRates: Fx = {
  rate(currency: string): FxRate | null {
    const rate = TABLE[currency];
    return rate ? { base: 'USD', quote: currency, rate, rate_id: `fixed-2026-11-01-${currency}`, as_of: AS_OF } : null;
  },
};
