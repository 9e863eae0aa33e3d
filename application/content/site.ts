import { Refusal, notFound, refuse } from '../../domain/shared/refusal';
import { SiteFacts, operatorOf } from '../../domain/site-content';
import { PRODUCTS } from '../../projections/catalog/doc';
import { CatalogReads, ProductDoc } from '../../projections/catalog/queries';
import type { StorefrontDoc } from '../platform/context';
import type { DocumentStore, Filter } from '../platform/ports/document-store';

/** Who calls the content use cases: the secret key's seller, and the request id (the events' correlationId). */
export interface ContentCaller {
  sellerId: string;
  correlationId: string;
}

export type ContentPermission = 'content:read' | 'content:write';

/** A storefront whose content the caller runs. */
export interface OperatedSite {
  storefront: Readonly<StorefrontDoc>;
  facts: SiteFacts;
}

export function siteFacts(storefront: Readonly<StorefrontDoc>): SiteFacts {
  return { storefrontId: storefront._id, kind: storefront.kind, languages: [...storefront.languages], defaultLanguage: storefront.default_language };
}

/**
 * The storefront, when the caller's seller runs it: a direct storefront's own seller, a marketplace's
 * operator. Any other seller is refused 403 NotPermitted with reason no_operator, whatever its key's scopes.
 */
export async function operatedSite(
  reads: CatalogReads,
  caller: ContentCaller,
  storefrontId: string,
  permission: ContentPermission,
): Promise<OperatedSite | Refusal> {
  const storefront = await reads.storefront(storefrontId);
  if (!storefront) return notFound('storefront');
  if (operatorOf(storefront) !== caller.sellerId) {
    return refuse('NotPermitted', `this key's seller does not run the content of storefront ${storefrontId}`, { permission, reason: 'no_operator' });
  }
  return { storefront, facts: siteFacts(storefront) };
}

/** The trips a site may name, published or not: its seller's own, or a marketplace's members' network trips. */
function sellable(storefront: Readonly<StorefrontDoc>): Filter {
  if (storefront.kind === 'direct') return { seller_id: storefront.seller_id };
  return { seller_id: { $in: storefront.member_seller_ids }, network: true };
}

/** Of these trip ids, those the site could never sell (unknown, another seller's, or not offered to the network). */
export async function unknownTrips(docs: DocumentStore, storefront: Readonly<StorefrontDoc>, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await docs.collection<ProductDoc>(PRODUCTS).find({ ...sellable(storefront), _id: { $in: unique } }, { projection: { _id: 1 } });
  const known = new Set(found.map((p) => p._id));
  return unique.filter((id) => !known.has(id));
}
