import type { StorefrontContext, StorefrontDoc } from '../platform/context';
import { defineFeature } from '../platform/feature';
import { departuresProjector } from '../../projections/departures/projector';
import { calendar } from './calendar';
import { groupPrices, type GroupPricesQuery } from './group-prices';
import { sellingPlatform } from './deps';
import * as pricing from './pricing';
import type { SelectionBody } from './selection';

export { price, type PricingDeps, type Priced } from './pricing';
export { sellingPlatform, type SellingPlatform } from './deps';
export { selectionOf, type SelectionBody } from './selection';

/** Part 4.3: calendars, ways to pay and quotes. */
export const availabilityFeature = defineFeature({
  name: 'availability',
  projectors: [departuresProjector],
  create(platform) {
    const deps = sellingPlatform(platform);
    return {
      calendar: (storefront: StorefrontDoc, optionId: string, month: string | undefined) => calendar(deps, storefront, optionId, month),
      paymentMethods: (ctx: StorefrontContext, optionId: string, start: string) => pricing.paymentMethods(deps, ctx, optionId, start),
      quote: (ctx: StorefrontContext, body: SelectionBody) => pricing.quote(deps, ctx, body),
      groupPrices: (ctx: StorefrontContext, optionId: string, query: GroupPricesQuery) => groupPrices(deps, ctx, optionId, query),
    };
  },
});
