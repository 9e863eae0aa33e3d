import { Decider, assertNever } from '../shared/decider';
import { Refusal, conflict, invalidInput, notFound } from '../shared/refusal';
import type { ProductDefinition, SellerDefinition, StorefrontDefinition } from './definitions';
import type { ProductEvent, SellerEvent, StorefrontEvent } from './events';
import { CatalogTaken, productProblems, storefrontProblems } from './validate';

export type SellerCommand =
  | { type: 'CreateSeller'; sellerId: string; definition: SellerDefinition }
  | { type: 'IssueSecretKey'; keyId: string; keyHash: string; scopes: string[] }
  | { type: 'RevokeSecretKey'; keyId: string };

export interface Seller {
  sellerId: string | null;
  keys: string[];
}

export const sellerDecider: Decider<SellerCommand, SellerEvent, Seller> = {
  initialState: () => ({ sellerId: null, keys: [] }),
  evolve(state, event) {
    switch (event.type) {
      case 'SellerCreated':
        return { ...state, sellerId: event.data.sellerId };
      case 'SecretKeyIssued':
        return { ...state, keys: [...state.keys, event.data.keyId] };
      case 'SecretKeyRevoked':
        return { ...state, keys: state.keys.filter((k) => k !== event.data.keyId) };
      default:
        return state;
    }
  },
  decide(command, state): SellerEvent[] | Refusal {
    switch (command.type) {
      case 'CreateSeller':
        if (state.sellerId) return conflict('seller_exists', 'the seller exists already');
        return [{ type: 'SellerCreated', data: { sellerId: command.sellerId, definition: command.definition } }];
      case 'IssueSecretKey':
        if (!state.sellerId) return notFound('seller');
        return [{ type: 'SecretKeyIssued', data: { sellerId: state.sellerId, keyId: command.keyId, keyHash: command.keyHash, scopes: command.scopes } }];
      case 'RevokeSecretKey':
        if (!state.sellerId || !state.keys.includes(command.keyId)) return notFound('key');
        return [{ type: 'SecretKeyRevoked', data: { sellerId: state.sellerId, keyId: command.keyId } }];
      default:
        return assertNever(command);
    }
  },
};

export type StorefrontCommand =
  | { type: 'CreateStorefront'; storefrontId: string; definition: StorefrontDefinition }
  | { type: 'UpdateStorefront'; definition: StorefrontDefinition }
  | { type: 'IssueWebsiteKey'; keyId: string; keyHash: string };

export interface Storefront {
  storefrontId: string | null;
}

export const storefrontDecider: Decider<StorefrontCommand, StorefrontEvent, Storefront> = {
  initialState: () => ({ storefrontId: null }),
  evolve: (state, event) => (event.type === 'StorefrontCreated' ? { storefrontId: event.data.storefrontId } : state),
  decide(command, state): StorefrontEvent[] | Refusal {
    switch (command.type) {
      case 'CreateStorefront': {
        if (state.storefrontId) return conflict('storefront_exists', 'the storefront exists already');
        const problems = storefrontProblems(command.definition);
        if (problems.length > 0) return invalidInput(problems);
        return [{ type: 'StorefrontCreated', data: { storefrontId: command.storefrontId, definition: command.definition } }];
      }
      case 'UpdateStorefront': {
        if (!state.storefrontId) return notFound('storefront');
        const problems = storefrontProblems(command.definition);
        if (problems.length > 0) return invalidInput(problems);
        return [{ type: 'StorefrontUpdated', data: { storefrontId: state.storefrontId, definition: command.definition } }];
      }
      case 'IssueWebsiteKey':
        if (!state.storefrontId) return notFound('storefront');
        return [{ type: 'WebsiteKeyIssued', data: { storefrontId: state.storefrontId, keyId: command.keyId, keyHash: command.keyHash } }];
      default:
        return assertNever(command);
    }
  },
};

export type ProductCommand =
  | { type: 'CreateProduct'; productId: string; sellerId: string; definition: ProductDefinition; taken: CatalogTaken }
  | { type: 'UpdateProduct'; sellerId: string; definition: ProductDefinition; taken: CatalogTaken }
  | { type: 'PublishProduct'; sellerId: string }
  | { type: 'UnpublishProduct'; sellerId: string };

export interface Product {
  productId: string | null;
  sellerId: string | null;
  published: boolean;
}

export const productDecider: Decider<ProductCommand, ProductEvent, Product> = {
  initialState: () => ({ productId: null, sellerId: null, published: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'ProductCreated':
        return { productId: event.data.productId, sellerId: event.data.sellerId, published: false };
      case 'ProductPublished':
        return { ...state, published: true };
      case 'ProductUnpublished':
        return { ...state, published: false };
      default:
        return state;
    }
  },
  decide(command, state): ProductEvent[] | Refusal {
    if (command.type === 'CreateProduct') {
      if (state.productId) return conflict('product_exists', 'the product exists already');
      const problems = productProblems(command.definition, command.taken);
      if (problems.length > 0) return invalidInput(problems);
      return [{ type: 'ProductCreated', data: { productId: command.productId, sellerId: command.sellerId, definition: command.definition } }];
    }
    // Another seller's product is as unknown as a missing one.
    if (!state.productId || state.sellerId !== command.sellerId) return notFound('product');
    const productId = state.productId;
    switch (command.type) {
      case 'UpdateProduct': {
        const problems = productProblems(command.definition, command.taken);
        if (problems.length > 0) return invalidInput(problems);
        return [{ type: 'ProductUpdated', data: { productId, definition: command.definition } }];
      }
      case 'PublishProduct':
        return state.published ? [] : [{ type: 'ProductPublished', data: { productId } }];
      case 'UnpublishProduct':
        return state.published ? [{ type: 'ProductUnpublished', data: { productId } }] : [];
      default:
        return assertNever(command);
    }
  },
};

export const sellerStream = (id: string): string => `seller-${id}`;
export const storefrontStream = (id: string): string => `storefront-${id}`;
export const productStream = (id: string): string => `product-${id}`;
