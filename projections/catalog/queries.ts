import type { OptionDefinition } from '../../domain/catalog/definitions';
import type { DocumentStore, Filter } from '../../application/platform/ports/document-store';
import type { SellerDoc, StorefrontDoc } from '../../application/platform/context';
import { KEYS, PRODUCTS, SELLERS, STOREFRONTS, type KeyDoc, type ProductDoc } from './doc';

export type { KeyDoc, ProductDoc } from './doc';

/** The published trips a storefront sells: its operator's own, or every member seller's network trips. */
export function visibleProducts(storefront: StorefrontDoc): Filter {
  if (storefront.kind === 'direct') return { seller_id: storefront.seller_id, published: true };
  return { seller_id: { $in: storefront.member_seller_ids }, published: true, network: true };
}

/** visibleProducts for one trip already read by its id: the same rule, without building and matching a filter. */
export function isVisibleTo(storefront: StorefrontDoc, product: Readonly<ProductDoc>): boolean {
  if (!product.published) return false;
  if (storefront.kind === 'direct') return product.seller_id === storefront.seller_id;
  return product.network === true && storefront.member_seller_ids.includes(product.seller_id);
}

/** Lookups in the catalog projection shared by the public and seller sides. */
export class CatalogReads {
  constructor(private readonly docs: DocumentStore) {}

  private key(hash: string): Promise<Readonly<KeyDoc> | null> {
    return this.docs.collection<KeyDoc>(KEYS).findOne({ _id: hash });
  }

  /**
   * The storefront a website key opens at `now`, and when the key retires (null while it is current): null when the
   * key is unknown, revoked, past its rotation's grace, not a website key or its storefront is gone.
   */
  async websiteKey(hash: string, now: string): Promise<{ storefront: Readonly<StorefrontDoc>; retiresAt: string | null } | null> {
    const found = await this.key(hash);
    if (!found || found.kind !== 'website' || found.revoked || !found.storefront_id) return null;
    const retiresAt = found.retires_at ?? null;
    if (retiresAt !== null && retiresAt <= now) return null;
    const storefront = await this.storefront(found.storefront_id);
    return storefront ? { storefront, retiresAt } : null;
  }

  /** A storefront's website keys that work or are in their grace, oldest first. */
  websiteKeysOf(storefrontId: string): Promise<Readonly<KeyDoc>[]> {
    return this.docs.collection<KeyDoc>(KEYS).find({ storefront_id: storefrontId, kind: 'website', revoked: false }, { sort: { created_at: 1 } });
  }

  /** The seller and permissions a secret key carries, and the member it acts for: null when the key is unknown, revoked or not a secret key. */
  async secretKey(hash: string): Promise<{ sellerId: string; scopes: readonly string[]; keyId: string; createdBy: string | null } | null> {
    const found = await this.key(hash);
    if (!found || found.kind !== 'secret' || found.revoked || !found.seller_id) return null;
    return { sellerId: found.seller_id, scopes: found.scopes ?? [], keyId: found.key_id, createdBy: found.created_by ?? null };
  }

  /** A seller's secret keys that work, oldest first. */
  secretKeysOf(sellerId: string): Promise<Readonly<KeyDoc>[]> {
    return this.docs.collection<KeyDoc>(KEYS).find({ seller_id: sellerId, kind: 'secret', revoked: false }, { sort: { created_at: 1 } });
  }

  /** Every origin some storefront allows. */
  async allowedOrigins(): Promise<Set<string>> {
    const storefronts = await this.docs.collection<StorefrontDoc>(STOREFRONTS).find({});
    return new Set(storefronts.flatMap((s) => s.allowed_origins));
  }

  storefront(id: string): Promise<Readonly<StorefrontDoc> | null> {
    return this.docs.collection<StorefrontDoc>(STOREFRONTS).findOne({ _id: id });
  }

  seller(id: string): Promise<Readonly<SellerDoc> | null> {
    return this.docs.collection<SellerDoc>(SELLERS).findOne({ _id: id });
  }

  sellerBySlug(slug: string): Promise<Readonly<SellerDoc> | null> {
    return this.docs.collection<SellerDoc>(SELLERS).findOne({ slug });
  }

  product(id: string): Promise<Readonly<ProductDoc> | null> {
    return this.docs.collection<ProductDoc>(PRODUCTS).findOne({ _id: id });
  }

  productsOf(filter: Filter): Promise<Readonly<ProductDoc>[]> {
    return this.docs.collection<ProductDoc>(PRODUCTS).find(filter);
  }

  /** The option and its trip when the storefront sells it; null otherwise. */
  async visibleOption(storefront: StorefrontDoc, optionId: string): Promise<{ product: Readonly<ProductDoc>; option: OptionDefinition } | null> {
    const product = await this.docs.collection<ProductDoc>(PRODUCTS).findOne({ ...visibleProducts(storefront), option_ids: optionId });
    if (!product) return null;
    const option = product.definition.options.find((o) => o.id === optionId);
    return option ? { product, option } : null;
  }
}
