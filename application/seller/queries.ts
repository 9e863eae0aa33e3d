import type { Refusal } from '../../domain/shared/refusal';
import { isRefusal } from '../../domain/shared/refusal';
import type { ProductDoc } from '../../projections/catalog/queries';
import { Page, pageAnswer, pageOf } from '../platform/cursor';
import type { DocumentStore, Filter } from '../platform/ports/document-store';
import { bookingView, type BookingDoc, type BookingView } from '../booking';
import { PRODUCTS } from '../../projections/catalog/doc';
import { BOOKINGS } from '../../projections/bookings/doc';

/** A product as its seller sees it: the whole definition plus its state. */
export type SellerProductView = ReturnType<typeof sellerProductView>;

export function sellerProductView(doc: Readonly<ProductDoc>) {
  return { id: doc._id, published: doc.published, created_at: doc.created_at, updated_at: doc.updated_at, ...doc.definition };
}

export type SellerBookingView = BookingView & { placed_at: string };

export interface ListQuery {
  cursor?: string;
  limit: number;
}

/** Booking statuses a seller may filter on, as the list answers them. */
export interface BookingListQuery extends ListQuery {
  status?: string[];
}

/** Reads of the seller interface: one seller's products and bookings, paged in the store. */
export class SellerQueries {
  constructor(private readonly docs: DocumentStore) {}

  /** The seller's product, or null when there is none or another seller owns it. */
  async product(sellerId: string, id: string): Promise<SellerProductView | null> {
    const doc = await this.docs.collection<ProductDoc>(PRODUCTS).findOne({ _id: id });
    return doc && doc.seller_id === sellerId ? sellerProductView(doc) : null;
  }

  /** The seller's products, published or not, newest first. */
  async products(sellerId: string, query: ListQuery): Promise<Page<SellerProductView> | Refusal> {
    return this.page(PRODUCTS, 'seller_products', { seller_id: sellerId }, { created_position: -1 }, query, sellerProductView);
  }

  /** The seller's bookings (holds not checked out are not bookings), newest first. */
  async bookings(sellerId: string, query: BookingListQuery): Promise<Page<SellerBookingView> | Refusal> {
    const filter: Filter = { seller_id: sellerId, status: { $ne: 'placed' } };
    if (query.status) filter.status = { $in: query.status };
    return this.page(
      BOOKINGS,
      `seller_bookings.${[...(query.status ?? [])].sort().join(',')}`,
      filter,
      { placed_at: -1, _id: 1 },
      query,
      (doc: Readonly<BookingDoc>) => ({ ...bookingView(doc), placed_at: doc.placed_at as string }),
    );
  }

  private async page<D extends ProductDoc | BookingDoc, T>(
    collection: string,
    kind: string,
    filter: Filter,
    sort: Record<string, 1 | -1>,
    query: ListQuery,
    view: (doc: Readonly<D>) => T,
  ): Promise<Page<T> | Refusal> {
    const page = pageOf(kind, query.cursor, query.limit);
    if (isRefusal(page)) return page;
    const docs = this.docs.collection<D>(collection);
    const [items, total] = await Promise.all([docs.find(filter, { sort, skip: page.offset, limit: page.limit }), docs.countDocuments(filter)]);
    return pageAnswer(page, items.map(view), total);
  }
}
