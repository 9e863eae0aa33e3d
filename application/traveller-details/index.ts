import { sellingPlatform } from '../availability';
import type { StorefrontContext } from '../platform/context';
import { defineFeature } from '../platform/feature';
import type { TravellersProof } from './access';
import { issueLink, saveTraveller, travellers } from './travellers';

export type { TravellersProof } from './access';
export type { LinkAnswer, TravellerAnswer, TravellersAnswer } from './travellers';
export { openSaved } from './sealed-details';

/** Spec 4.5: traveller details after checkout: the form and what was given, one traveller saved, links the lead forwards. */
export const travellerDetailsFeature = defineFeature({
  name: 'travellerDetails',
  create(platform) {
    const deps = sellingPlatform(platform);
    return {
      travellers: (ctx: StorefrontContext, ref: string, proof: TravellersProof) => travellers(deps, ctx, ref, proof),
      save: (ctx: StorefrontContext, ref: string, position: number, proof: TravellersProof, details: Record<string, unknown>) =>
        saveTraveller(deps, ctx, ref, position, proof, details),
      issueLink: (ctx: StorefrontContext, ref: string, position: number, proof: TravellersProof) => issueLink(deps, ctx, ref, position, proof),
    };
  },
});
