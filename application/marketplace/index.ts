import { requestMetadata } from '../platform/ports/event-store';
import { sellerDecider, sellerStream } from '../../domain/seller';
import { storefrontDecider, storefrontStream } from '../../domain/storefront';
import { type Refusal, isRefusal, notFound, refuse } from '../../domain/shared/refusal';
import { CatalogReads } from '../../projections/catalog/queries';
import type { StorefrontContext } from '../platform/context';
import { defineFeature } from '../platform/feature';
import type { Platform } from '../platform/platform';
import { departedSellerRequestsReactor } from './reactors/departed-seller-requests';

/**
 * A suspended seller's own site takes no new holds or checkouts (part 7 SellerUnavailable); bookings
 * made keep working. A marketplace is not a seller's own site.
 */
export async function sellerUnavailable(deps: Pick<Platform, 'docs'>, ctx: StorefrontContext): Promise<Refusal | null> {
  const sellerId = ctx.storefront.kind === 'direct' ? ctx.storefront.seller_id : null;
  if (!sellerId) return null;
  const seller = await new CatalogReads(deps.docs).seller(sellerId);
  return seller?.suspended === true ? refuse('SellerUnavailable', 'this seller is not taking bookings at the moment; bookings already made stand') : null;
}

export interface SellerStanding {
  seller_id: string;
  suspended: boolean;
}

/**
 * Marketplace rules (spec part 7 SellerUnavailable, and reject_code seller_unavailable): the
 * platform's staff suspend and reinstate a seller; a seller leaves a marketplace it sells on.
 */
export const marketplaceFeature = defineFeature({
  name: 'marketplace',
  reactors: [departedSellerRequestsReactor],
  create(platform: Platform) {
    const catalog = new CatalogReads(platform.docs);
    const metadata = (correlationId: string) => requestMetadata(correlationId, platform.clock.now());
    const standing = async (sellerId: string): Promise<SellerStanding | Refusal> => {
      const seller = await catalog.seller(sellerId);
      return seller ? { seller_id: sellerId, suspended: seller.suspended === true } : notFound('seller');
    };
    const decideOnSeller = async (sellerId: string, suspend: string | null, correlationId: string): Promise<SellerStanding | Refusal> => {
      const now = platform.clock.now();
      const command = suspend === null ? ({ type: 'ReinstateSeller', now } as const) : ({ type: 'SuspendSeller', reason: suspend, now } as const);
      const done = await platform.commands.handle(sellerStream(sellerId), sellerDecider, command, metadata(correlationId));
      if (isRefusal(done)) return done;
      await platform.awaitProjections(done.position);
      return standing(sellerId);
    };
    return {
      /** Platform staff (the operator interface, from this machine). */
      suspendSeller: (sellerId: string, reason: string, correlationId: string) => decideOnSeller(sellerId, reason, correlationId),
      reinstateSeller: (sellerId: string, correlationId: string) => decideOnSeller(sellerId, null, correlationId),
      /** The caller's seller leaves a marketplace it sells on: its trips leave the site and its waiting requests there are declined. */
      leaveMarketplace: async (caller: { sellerId: string; correlationId: string }, storefrontId: string) => {
        const site = await catalog.storefront(storefrontId);
        if (!site || site.kind !== 'marketplace' || !site.member_seller_ids.includes(caller.sellerId)) return notFound('storefront');
        const done = await platform.commands.handle(
          storefrontStream(storefrontId),
          storefrontDecider,
          { type: 'LeaveMarketplace', sellerId: caller.sellerId, now: platform.clock.now() },
          metadata(caller.correlationId),
        );
        if (isRefusal(done)) return done;
        await platform.awaitProjections(done.position);
        return { storefront_id: storefrontId, seller_id: caller.sellerId, member: false };
      },
    };
  },
});
