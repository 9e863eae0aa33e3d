import type { DocumentStore } from '../../application/platform/ports/document-store';
import { FX_RATES, FX_RATE_HISTORY, type FxRateDoc } from './doc';

export type { FxRateDoc } from './doc';

/** Lookups in the exchange rates read model. */
export class FxRateReads {
  constructor(private readonly docs: DocumentStore) {}

  /** The newest rate of every currency, by currency code. */
  latest(): Promise<Readonly<FxRateDoc>[]> {
    return this.docs.collection<FxRateDoc>(FX_RATES).find({}, { sort: { _id: 1 } });
  }

  /** A rate by the id a quote names, however old; null when no rate has it. */
  byId(rateId: string): Promise<Readonly<FxRateDoc> | null> {
    return this.docs.collection<FxRateDoc>(FX_RATE_HISTORY).findOne({ _id: rateId });
  }

  /** One currency's rates, newest first. */
  history(quote: string, limit: number): Promise<Readonly<FxRateDoc>[]> {
    return this.docs.collection<FxRateDoc>(FX_RATE_HISTORY).find({ quote }, { sort: { as_of: -1, _id: 1 }, limit });
  }
}
