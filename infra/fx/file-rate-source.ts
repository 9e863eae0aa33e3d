import fs from 'node:fs/promises';
import path from 'node:path';
import type { OfferedRate } from '../../domain/fx';
import type { FetchedRates, RateSource } from '../../application/platform/ports/rate-source';
import demoRates from './demo-rates.json';

/** The file in DATA_DIR that replaces the shipped demo rates when present. */
export const RATES_FILE = 'fx-rates.json';

/** `{rates: [{quote, rate, rate_id?, as_of?}]}`, checked for shape only: the decider judges the figures. */
function ratesOf(json: unknown, where: string): FetchedRates {
  const rates = (json as { rates?: unknown } | null)?.rates;
  if (!Array.isArray(rates) || !rates.every((r) => typeof r === 'object' && r !== null)) throw new Error(`${where} has no "rates" list of objects`);
  return { rates: rates as OfferedRate[] };
}

/**
 * The demo's rates: DATA_DIR/fx-rates.json when it exists (an operator's own table), else the
 * table shipped with the service (demo-rates.json, the figures the demo has always priced with).
 */
export function fileRateSource(dataDir: string): RateSource {
  const file = path.join(dataDir, RATES_FILE);
  return {
    name: 'file',
    async fetch() {
      let text: string;
      try {
        text = await fs.readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ratesOf(demoRates, 'demo-rates.json');
        throw error;
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error(`${file} is not JSON`);
      }
      return ratesOf(json, file);
    },
  };
}
