import type { Doc } from './ports/document-store';
import type { SellerDefinition, StorefrontDefinition } from '../../domain/catalog/definitions';

export type StorefrontDoc = Doc & StorefrontDefinition;
export type SellerDoc = Doc & SellerDefinition;

/** Who is asking: everything here comes from the website key alone (spec part 5). */
export interface StorefrontContext {
  storefront: StorefrontDoc;
  correlationId: string;
}
