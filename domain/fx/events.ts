import type { Event } from '../shared/decider';

/** One exchange rate as published: `rate` units of `quote` per US dollar (a decimal string), named by `rateId`. */
export interface PublishedRate {
  quote: string;
  rate: string;
  rateId: string;
  asOf: string;
}

/**
 * New rates from US dollars: set by the platform's staff or fetched from the configured source.
 * Each rate is the newest its currency has; quotes priced from now on carry it, quotes made before keep theirs.
 */
export type RatesPublished = Event<'RatesPublished', { rates: PublishedRate[]; source: string; at: string }>;

export type FxEvent = RatesPublished;

export interface FxRates {
  /** The newest rate of each currency, by currency code. */
  latest: Record<string, PublishedRate>;
  /** Every rate ever published, by id: a repeated id with the same figures is the same rate. */
  byId: Record<string, PublishedRate>;
  /** How many publications the stream has: names the rates a publication does not name itself. */
  publications: number;
  /** When each source last published, e.g. what the scheduled fetch waits on. */
  lastPublishedBy: Record<string, string>;
}

export const initialFxRates = (): FxRates => ({ latest: {}, byId: {}, publications: 0, lastPublishedBy: {} });

export function evolveFxRates(state: FxRates, event: FxEvent): FxRates {
  switch (event.type) {
    case 'RatesPublished': {
      const latest = { ...state.latest };
      const byId = { ...state.byId };
      for (const rate of event.data.rates) {
        latest[rate.quote] = rate;
        byId[rate.rateId] = rate;
      }
      const lastPublishedBy = { ...state.lastPublishedBy, [event.data.source]: event.data.at };
      return { latest, byId, publications: state.publications + 1, lastPublishedBy };
    }
  }
}
