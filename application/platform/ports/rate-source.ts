import type { OfferedRate } from '../../../domain/fx';

/** Rates as a source gives them, from US dollars, dated by the source. */
export interface FetchedRates {
  rates: OfferedRate[];
}

/** Where the scheduled job fetches exchange rates: a file for the demo, a public daily reference feed in production. */
export interface RateSource {
  /** Names the rates' source in the log and what the job waits on, e.g. `file`, `ecb`. */
  readonly name: string;
  /** Throws when the source cannot be read or answers something that is not rates. */
  fetch(signal?: AbortSignal): Promise<FetchedRates>;
}
