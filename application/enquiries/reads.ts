import { type Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import type { EnquiryDoc } from '../../projections/enquiries/queries';
import { type Page, pageAnswer, pageOf } from '../platform/cursor';
import type { StorefrontContext } from '../platform/context';
import { requireTraveller } from '../traveller-account';
import type { EnquiryPlatform } from './deps';
import { currentLinkToken } from './links';
import type { SellerAsking, SellerEnquiryQuery } from './types';
import { type PriceRequestView, type SellerEnquiryView, enquiryStatus, offerState, sellerEnquiryView } from './views';

/** Spec part 8: price requests listed. */
export const PRICE_REQUESTS_LISTED = 50;

/** The enquiries that went to the key's seller, newest first, a page at a time. */
export async function sellerEnquiries(deps: EnquiryPlatform, caller: SellerAsking, query: SellerEnquiryQuery): Promise<Page<SellerEnquiryView> | Refusal> {
  const kind = `seller_enquiries.${[...(query.status ?? [])].sort().join(',')}.${[...(query.kind ?? [])].sort().join(',')}`;
  const page = pageOf(kind, query.cursor, query.limit);
  if (isRefusal(page)) return page;
  const { items, total } = await deps.enquiries.forSeller(caller.sellerId, { status: query.status, kind: query.kind }, page.offset, page.limit);
  const now = deps.clock.now();
  return pageAnswer(
    page,
    items.map((doc) => sellerEnquiryView(doc, now)),
    total,
  );
}

export async function sellerEnquiry(deps: EnquiryPlatform, caller: SellerAsking, id: string): Promise<SellerEnquiryView | Refusal> {
  const doc = await deps.enquiries.ofSeller(caller.sellerId, id);
  return doc ? sellerEnquiryView(doc, deps.clock.now()) : notFound('enquiry');
}

/**
 * Spec 4.6: the signed-in traveller's price requests on this storefront (questions about a trip
 * naming travellers, made with the proven email), newest first; message and phone are never listed.
 */
export async function priceRequests(deps: EnquiryPlatform, ctx: StorefrontContext): Promise<{ data: PriceRequestView[] } | Refusal> {
  const traveller = requireTraveller(ctx);
  if (isRefusal(traveller)) return traveller;
  const docs = await deps.enquiries.priceRequests(ctx.storefront._id, traveller.email, PRICE_REQUESTS_LISTED);
  const sellerIds = [...new Set(docs.flatMap((d) => (d.seller_id ? [d.seller_id] : [])))];
  const sellers = new Map(await Promise.all(sellerIds.map(async (id) => [id, await deps.catalog.seller(id)] as const)));
  const now = deps.clock.now();
  const view = (doc: Readonly<EnquiryDoc>): PriceRequestView => {
    const seller = doc.seller_id ? sellers.get(doc.seller_id) : null;
    const newest = doc.offer_ids.length > 0 ? doc.offers[doc.offer_ids[doc.offer_ids.length - 1]] : null;
    return {
      reference: doc.reference,
      status: enquiryStatus(doc),
      trip: { product_id: doc.product_id ?? '', title: doc.trip_title ?? '' },
      seller: seller ? { slug: seller.slug, name: seller.name } : null,
      dates: { from: doc.date_from, to: doc.date_to },
      group: doc.travellers ?? { adults: 0, children: 0, infants: 0 },
      received_at: doc.received_at,
      offer: newest
        ? {
            id: newest.id,
            state: offerState(newest, now),
            token: currentLinkToken(deps.settings, newest.id, newest.token_hash),
            valid_until: newest.valid_until,
          }
        : null,
    };
  };
  return { data: docs.map(view) };
}
