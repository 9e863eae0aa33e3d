import { requestMetadata } from '../platform/ports/event-store';
import { FX_RATES_STREAM, type OfferedRate, type RatesFreshness, fxRatesDecider, ratesFreshness } from '../../domain/fx';
import { type Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import type { FxRateDoc } from '../../projections/fx-rates/queries';
import { FxRateReads } from '../../projections/fx-rates/queries';
import type { Platform } from '../platform/platform';
import type { RateSource } from '../platform/ports/rate-source';

export type FxPlatform = Pick<Platform, 'commands' | 'docs' | 'clock' | 'fx' | 'settings' | 'awaitProjections'>;

/** A rate as the operator interface shows it. */
export interface RateView {
  quote: string;
  rate: string;
  rate_id: string;
  as_of: string;
  source: string;
  published_at: string;
}

export interface PublishedView {
  /** The ids of the rates this publication added; empty when every rate was known already or older than its currency's newest. */
  published: string[];
  /** The newest rate of every currency after it. */
  rates: RateView[];
}

const view = (doc: Readonly<FxRateDoc>): RateView => ({
  quote: doc.quote,
  rate: doc.rate,
  rate_id: doc.rate_id,
  as_of: doc.as_of,
  source: doc.source,
  published_at: doc.published_at,
});

export async function latestRates(deps: FxPlatform): Promise<{ rates: RateView[] }> {
  return { rates: (await new FxRateReads(deps.docs).latest()).map(view) };
}

/** A rate by the id a quote, hold or booking names, however old. */
export async function rateById(deps: FxPlatform, rateId: string): Promise<RateView | Refusal> {
  const doc = await new FxRateReads(deps.docs).byId(rateId);
  return doc ? view(doc) : notFound('rate');
}

/**
 * Publishes rates (`source`: who: `operator`, or the rate source's name) and answers once prices
 * read them: the next quote is priced at the new rates; quotes, holds and bookings made before keep theirs.
 */
export async function publishRates(deps: FxPlatform, source: string, rates: OfferedRate[], correlationId: string): Promise<PublishedView | Refusal> {
  const now = deps.clock.now();
  const done = await deps.commands.handle(FX_RATES_STREAM, fxRatesDecider, { type: 'PublishRates', rates, source, now }, requestMetadata(correlationId, now));
  if (isRefusal(done)) return done;
  await deps.awaitProjections(done.position);
  await deps.fx.refresh();
  const published = done.events.flatMap((event) => event.data.rates.map((rate) => rate.rateId));
  return { published, ...(await latestRates(deps)) };
}

/** Fetches the source's rates and publishes them under its name. */
export async function publishFromSource(deps: FxPlatform, source: RateSource, correlationId: string, signal?: AbortSignal): Promise<PublishedView | Refusal> {
  const fetched = await source.fetch(signal);
  return publishRates(deps, source.name, fetched.rates, correlationId);
}

/** On the first start, before any rate was published: the demo's rates, so quotes are priced at once. */
export async function seedRates(deps: FxPlatform, source: RateSource, correlationId: string): Promise<PublishedView | Refusal | null> {
  const { state } = await deps.commands.load(FX_RATES_STREAM, fxRatesDecider);
  if (state.publications > 0) return null;
  return publishFromSource(deps, source, correlationId);
}

/** What /readyz reports: the currencies whose newest rate is older than FX_MAX_AGE_HOURS. */
export async function ratesFreshnessNow(deps: FxPlatform): Promise<RatesFreshness> {
  const latest = await new FxRateReads(deps.docs).latest();
  return ratesFreshness(latest, deps.clock.now(), deps.settings.fxMaxAgeHours);
}
