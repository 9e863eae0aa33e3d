import { object, id, text } from '../kernel/answer-schema';
import { Schema, bool, ref, str } from '../kernel/schema';
import { sellerOperation } from './operation';

export const marketplaceSellerSchemas: Record<string, Schema> = {
  MarketplaceLeft: object({ storefront_id: text, seller_id: id, member: bool }),
};

export const leaveMarketplace = sellerOperation({
  id: 'leaveMarketplace',
  method: 'post',
  path: '/v1/storefronts/{storefrontId}/leave',
  permission: 'team:manage',
  summary: 'Leave a marketplace',
  description:
    "The key's seller stops selling on a marketplace it is a member of: its trips leave the site at once, and its booking requests " +
    'there that still wait for an answer (pending) are declined with reject_code seller_unavailable (the traveller is emailed; the places return). ' +
    'Confirmed bookings stand. Leaving again answers the same. Needs team:manage (owners and admins); a storefront the seller does not sell on answers 404 NotFound (entity storefront).',
  params: { storefrontId: str({ minLength: 1, maxLength: 100 }) },
  success: { status: 200, description: '{storefront_id, seller_id, member: false}' },
  response: ref('MarketplaceLeft'),
  handle: async ({ caller, params }, app) => app.marketplace.leaveMarketplace(caller, params.storefrontId),
});

export const marketplaceSellerOperations = [leaveMarketplace];
