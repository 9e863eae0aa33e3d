import type { SavedTrip } from '../../domain/saved-trips';
import type { Refusal } from '../../domain/shared/refusal';
import { PRODUCTS, SELLERS, type ProductDoc } from '../../projections/catalog/doc';
import { visibleProducts } from '../../projections/catalog/queries';
import { catalogPricer, tripCard, type Pricer } from '../catalog';
import type { SellerDoc, StorefrontDoc } from '../platform/context';
import type { DocumentStore } from '../platform/ports/document-store';
import type { Fx } from '../platform/ports/fx';

/** A trip as a request names it: its id or slug, and on a marketplace the seller's slug (as GET products/{product}). */
export interface TripAsked {
  trip: string;
  seller?: string;
}

/** The list's language and currency, as the trip list takes them (spec 4.2). */
export interface CardOptions {
  locale?: string;
  currency?: string;
}

export type SavedTripCard = ReturnType<typeof tripCard> & { saved_at: string };

/** The catalog as saved trips see it: which trips the storefront sells now, and their cards. */
export class SavedTripsCatalog {
  constructor(
    private readonly docs: DocumentStore,
    private readonly fx: Fx,
  ) {}

  private products(storefront: StorefrontDoc, filter: Record<string, unknown>): Promise<Readonly<ProductDoc>[]> {
    return this.docs.collection<ProductDoc>(PRODUCTS).find({ ...visibleProducts(storefront), ...filter });
  }

  private async sellers(filter: Record<string, unknown>): Promise<Readonly<SellerDoc>[]> {
    return this.docs.collection<SellerDoc>(SELLERS).find(filter);
  }

  /** The product id of a trip the storefront sells now, or null. */
  async sold(storefront: StorefrontDoc, productId: string): Promise<string | null> {
    const [product] = await this.products(storefront, { _id: productId });
    return product?._id ?? null;
  }

  /**
   * Each asked trip's product id, or null when the storefront sells no such trip: by id, else by
   * slug; on a marketplace the seller's slug picks among sellers' trips of one slug (and must,
   * when several sellers use it), the rule of GET /v1/public/products/{product}.
   */
  async find(storefront: StorefrontDoc, asked: readonly TripAsked[]): Promise<(string | null)[]> {
    const names = [...new Set(asked.map((a) => a.trip))];
    const found = await this.products(storefront, { $or: [{ _id: { $in: names } }, { slug: { $in: names } }] });
    const sellerSlugs = [...new Set(asked.flatMap((a) => (a.seller ? [a.seller] : [])))];
    const sellers = sellerSlugs.length > 0 ? await this.sellers({ slug: { $in: sellerSlugs } }) : [];
    const sellerIds = new Map(sellers.map((s) => [s.slug, s._id]));
    return asked.map(({ trip, seller }) => {
      const byId = found.find((p) => p._id === trip);
      if (byId) return byId._id;
      const sameSlug = found.filter((p) => p.slug === trip);
      if (storefront.kind === 'marketplace' && (sameSlug.length > 1 || seller)) {
        return sameSlug.find((p) => seller !== undefined && p.seller_id === sellerIds.get(seller))?._id ?? null;
      }
      return sameSlug[0]?._id ?? null;
    });
  }

  /** Cards of the saved trips the storefront sells now, in the list's order; the others are left out. */
  async cards(storefront: StorefrontDoc, saved: readonly SavedTrip[], options: CardOptions): Promise<SavedTripCard[] | Refusal> {
    const p = this.pricerFor(storefront, options.currency);
    if ('refused' in p) return p;
    if (saved.length === 0) return [];
    const products = new Map((await this.products(storefront, { _id: { $in: saved.map((s) => s.productId) } })).map((product) => [product._id, product]));
    const sellerIds = [...new Set([...products.values()].map((product) => product.seller_id))];
    const sellers = new Map((await this.sellers({ _id: { $in: sellerIds } })).map((s) => [s._id, s]));
    return saved.flatMap(({ productId, savedAt }) => {
      const product = products.get(productId);
      return product ? [{ ...tripCard(product, sellers.get(product.seller_id), options.locale, p), saved_at: savedAt }] : [];
    });
  }

  /** Prices in the asked currency when the storefront offers it, else its display currency (as the trip list). */
  private pricerFor(storefront: StorefrontDoc, currency: string | undefined): Pricer | Refusal {
    return catalogPricer(storefront, currency, (code) => this.fx.rate(code));
  }
}
