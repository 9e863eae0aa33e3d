import type { FxRate } from '../../../domain/pricing/quote';

/** Current exchange rates from US dollars. */
export interface Fx {
  /** The rate now, or null when the currency has none. */
  rate(currency: string): FxRate | null;
  /** Reads the rates again: once new rates were published, before answering whoever published them. */
  refresh(): Promise<void>;
}
