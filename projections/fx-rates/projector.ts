import { defineProjector, type Write } from '../../application/platform/processing/projector';
import type { FxEvent } from '../../domain/fx';
import { FX_RATES, FX_RATE_HISTORY, type FxRateDoc } from './doc';

/** Exchange rates: the newest per currency (what prices read) and every rate by its id (what a quote names). */
export const fxRatesProjector = defineProjector<FxEvent>(
  'fx-rates',
  { [FX_RATES]: [], [FX_RATE_HISTORY]: [{ quote: 1, as_of: -1 }] },
  {
    RatesPublished: (e) =>
      e.data.rates.flatMap((r): Write[] => {
        const fields = { quote: r.quote, rate: r.rate, rate_id: r.rateId, as_of: r.asOf, source: e.data.source, published_at: e.data.at };
        const latest: FxRateDoc = { _id: r.quote, ...fields };
        const history: FxRateDoc = { _id: r.rateId, ...fields };
        return [
          { collection: FX_RATES, replaceOne: { filter: { _id: r.quote }, doc: latest, upsert: true } },
          { collection: FX_RATE_HISTORY, replaceOne: { filter: { _id: r.rateId }, doc: history, upsert: true } },
        ];
      }),
  },
);
