import type { StorefrontContext, StorefrontDoc } from '../platform/context';
import { defineFeature } from '../platform/feature';
import { departuresProjector } from '../../projections/departures/projector';
import { CatalogQueries } from '../catalog';
import { bookingDeps } from '../booking/deps';
import type { SelectionBody } from '../booking/types';
import * as pricing from './pricing';

export { price } from './pricing';

/** Part 4.3: calendars, ways to pay and quotes. */
export const availabilityFeature = defineFeature({
  name: 'availability',
  projectors: [departuresProjector],
  create(platform) {
    const queries = new CatalogQueries(platform.docs, platform.clock, platform.fx);
    const deps = bookingDeps(platform);
    return {
      calendar: (storefront: StorefrontDoc, optionId: string, month: string | undefined) => queries.calendar(storefront, optionId, month),
      paymentMethods: (ctx: StorefrontContext, optionId: string, start: string) => pricing.paymentMethods(deps, ctx, optionId, start),
      quote: (ctx: StorefrontContext, body: SelectionBody) => pricing.quote(deps, ctx, body),
    };
  },
});
