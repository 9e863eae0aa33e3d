import type { Fx } from '../../application/platform/ports/fx';
import type { FxRate } from '../../domain/pricing/quote';
import type { FxRateReads } from '../../projections/fx-rates/queries';

/**
 * Prices read rates synchronously, many times a request: the newest rate of each currency is kept in
 * memory and read again whenever the rates read model changed (`version`: its projector's checkpoint),
 * whoever published (this process or another instance), and at once by `refresh` after a publication here.
 */
export class ReadModelFx implements Fx {
  private rates = new Map<string, FxRate>();
  private loaded = Number.NaN;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly reads: FxRateReads,
    private readonly version: () => number,
  ) {}

  rate(currency: string): FxRate | null {
    // Answers what it has while the newer rates load: a price is never held up by a read.
    if (this.version() !== this.loaded) void this.refresh().catch(() => undefined);
    return this.rates.get(currency) ?? null;
  }

  async refresh(): Promise<void> {
    while (this.loading) await this.loading;
    const version = this.version();
    if (version === this.loaded) return;
    this.loading = this.load(version).finally(() => {
      this.loading = null;
    });
    await this.loading;
  }

  private async load(version: number): Promise<void> {
    const docs = await this.reads.latest();
    this.rates = new Map(docs.map((doc) => [doc.quote, { base: 'USD', quote: doc.quote, rate: doc.rate, rate_id: doc.rate_id, as_of: doc.as_of }]));
    this.loaded = version;
  }
}
