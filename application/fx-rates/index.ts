import type { OfferedRate } from '../../domain/fx';
import { fxRatesProjector } from '../../projections/fx-rates/projector';
import { defineFeature } from '../platform/feature';
import type { Platform } from '../platform/platform';
import type { RateSource } from '../platform/ports/rate-source';
import { refreshRatesJob } from './jobs/refresh-rates';
import * as rates from './rates';

export { refreshRates } from './jobs/refresh-rates';
export type { PublishedView, RateView } from './rates';

/**
 * Exchange rates as data (issue 7): rates are events with ids, published by the platform's staff
 * and fetched by a scheduled job from the configured source; prices read the newest.
 */
export const fxRatesFeature = defineFeature({
  name: 'fxRates',
  projectors: [fxRatesProjector],
  jobs: [refreshRatesJob],
  create(platform: Platform) {
    return {
      /** The platform's staff (the operator interface, from this machine). */
      publish: (offered: OfferedRate[], correlationId: string) => rates.publishRates(platform, 'operator', offered, correlationId),
      latest: () => rates.latestRates(platform),
      rate: (rateId: string) => rates.rateById(platform, rateId),
      seed: (source: RateSource, correlationId: string) => rates.seedRates(platform, source, correlationId),
      freshness: () => rates.ratesFreshnessNow(platform),
    };
  },
});
