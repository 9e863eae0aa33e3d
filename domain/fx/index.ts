import type { Decider } from '../shared/decider';
import { FxCommand, decideFxRates } from './decide';
import { FxEvent, FxRates, evolveFxRates, initialFxRates } from './events';

export * from './events';
export * from './decide';
export * from './staleness';

export const fxRatesDecider: Decider<FxCommand, FxEvent, FxRates> = {
  initialState: initialFxRates,
  evolve: evolveFxRates,
  decide: decideFxRates,
  snapshot: { name: 'fx-rates', version: 1 },
};

/** Every exchange rate of the platform is in one stream: rates are the platform's, not a seller's. */
export const FX_RATES_STREAM = 'fx-rates';
