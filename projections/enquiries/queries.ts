import type { DocumentStore, Filter } from '../../application/platform/ports/document-store';
import type { EnquiryKind, EnquiryStatus } from '../../domain/enquiry';
import { ENQUIRIES, type EnquiryDoc } from './doc';

export type { EnquiryDoc, OfferEntry } from './doc';

/** The store filter of an enquiry status (the read model keeps whether it was offered and booked). */
const STATUS_FILTERS: Record<EnquiryStatus, Filter> = {
  received: { offered: false },
  offered: { offered: true, booked: false },
  booked: { booked: true },
};

export interface SellerEnquiryFilter {
  status?: EnquiryStatus[];
  kind?: EnquiryKind[];
}

/** Newest first; the id breaks ties, so pages never overlap. */
const NEWEST_FIRST = { received_at: -1, _id: 1 } as const;

/** Lookups in the enquiries read model. */
export class EnquiryReads {
  constructor(private readonly docs: DocumentStore) {}

  private get enquiries() {
    return this.docs.collection<EnquiryDoc>(ENQUIRIES);
  }

  /** One page of the enquiries that went to a seller, newest first, with their total. */
  async forSeller(sellerId: string, filter: SellerEnquiryFilter, offset: number, limit: number): Promise<{ items: Readonly<EnquiryDoc>[]; total: number }> {
    const query: Filter = { seller_id: sellerId };
    if (filter.kind) query.kind = { $in: filter.kind };
    if (filter.status) query.$or = filter.status.map((s) => STATUS_FILTERS[s]);
    const [items, total] = await Promise.all([this.enquiries.find(query, { sort: NEWEST_FIRST, skip: offset, limit }), this.enquiries.countDocuments(query)]);
    return { items, total };
  }

  /** The enquiry when it went to this seller; null otherwise. */
  async ofSeller(sellerId: string, id: string): Promise<Readonly<EnquiryDoc> | null> {
    const doc = await this.enquiries.findOne({ _id: id });
    return doc && doc.seller_id === sellerId ? doc : null;
  }

  /** The enquiry an offer answers, when it was asked on this storefront. */
  byOffer(storefrontId: string, offerId: string): Promise<Readonly<EnquiryDoc> | null> {
    return this.enquiries.findOne({ offer_ids: offerId, storefront_id: storefrontId });
  }

  /** A traveller's price requests on a storefront (questions about a trip that name travellers), newest first. */
  priceRequests(storefrontId: string, emailKey: string, limit: number): Promise<Readonly<EnquiryDoc>[]> {
    return this.enquiries.find({ email_key: emailKey, storefront_id: storefrontId, kind: 'product', travellers: { $ne: null } }, { sort: NEWEST_FIRST, limit });
  }
}
