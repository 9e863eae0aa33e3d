import { enquiriesProjector } from '../../projections/enquiries/projector';
import type { StorefrontContext } from '../platform/context';
import { defineFeature } from '../platform/feature';
import { enquiryPlatform } from './deps';
import * as offers from './offers';
import { offerMailReactor } from './reactors/offer-mail';
import * as reads from './reads';
import { receiveEnquiry } from './receive';
import type { EnquiryBody, OfferBody, SellerAsking, SellerEnquiryQuery } from './types';

export { offerCheckoutProblems, offerToBook, type OfferToBook } from './offers';
export type { EnquiryBody, EnquiryReceipt, OfferBody, OfferCheckout, SellerAsking, SellerEnquiryQuery } from './types';

/** Spec 2.10, 4.6 and 4.7: enquiries for sellers, the offers that answer price requests, and a traveller's price requests. */
export const enquiriesFeature = defineFeature({
  name: 'enquiries',
  projectors: [enquiriesProjector],
  reactors: [offerMailReactor],
  create(platform) {
    const deps = enquiryPlatform(platform);
    return {
      receive: (ctx: StorefrontContext, body: EnquiryBody, clientAddress: string) => receiveEnquiry(deps, ctx, body, clientAddress),
      offer: (ctx: StorefrontContext, offerId: string, token: string) => offers.openOffer(deps, ctx, offerId, token),
      priceRequests: (ctx: StorefrontContext) => reads.priceRequests(deps, ctx),
      sellerList: (caller: SellerAsking, query: SellerEnquiryQuery) => reads.sellerEnquiries(deps, caller, query),
      sellerGet: (caller: SellerAsking, id: string) => reads.sellerEnquiry(deps, caller, id),
      makeOffer: (caller: SellerAsking, id: string, body: OfferBody) => offers.makeOffer(deps, caller, id, body),
      withdrawOffer: (caller: SellerAsking, id: string, offerId: string) => offers.withdrawOffer(deps, caller, id, offerId),
    };
  },
});
