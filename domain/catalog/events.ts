import type { ProductDefinition, SellerDefinition, StorefrontDefinition } from './definitions';

export type SellerEvent =
  | { type: 'SellerCreated'; data: { sellerId: string; definition: SellerDefinition } }
  | { type: 'SecretKeyIssued'; data: { sellerId: string; keyId: string; keyHash: string; scopes: string[] } }
  | { type: 'SecretKeyRevoked'; data: { sellerId: string; keyId: string } };

export type StorefrontEvent =
  | { type: 'StorefrontCreated'; data: { storefrontId: string; definition: StorefrontDefinition } }
  | { type: 'StorefrontUpdated'; data: { storefrontId: string; definition: StorefrontDefinition } }
  | { type: 'WebsiteKeyIssued'; data: { storefrontId: string; keyId: string; keyHash: string } };

export type ProductEvent =
  | { type: 'ProductCreated'; data: { productId: string; sellerId: string; definition: ProductDefinition } }
  | { type: 'ProductUpdated'; data: { productId: string; definition: ProductDefinition } }
  | { type: 'ProductPublished'; data: { productId: string } }
  | { type: 'ProductUnpublished'; data: { productId: string } };

export type CatalogEvent = SellerEvent | StorefrontEvent | ProductEvent;
