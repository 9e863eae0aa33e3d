import { defineFeature } from '../platform/feature';
import { travellerSessionsProjector } from '../../projections/traveller-sessions/projector';
import { sessionOf } from './sessions';

export { requireTraveller } from './session-required';

/** Spec 4.6 and 5.6: signing in by emailed link, the traveller's sessions and their own lists. */
export const travellerAccountFeature = defineFeature({
  name: 'travellerAccount',
  projectors: [travellerSessionsProjector],
  create(platform) {
    return {
      /** The live session a session cookie opens on this storefront, or null. */
      session: (storefrontId: string, token: string) => sessionOf(platform, storefrontId, token),
    };
  },
});
