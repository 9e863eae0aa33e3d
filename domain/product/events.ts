import type { Event } from '../shared/decider';
import type { ProductDefinition } from '../catalog/definitions';

/** `definition` is the seller interface's request body, embedded whole in its own (snake_case) shape. */
export type ProductCreated = Event<'ProductCreated', { productId: string; sellerId: string; definition: ProductDefinition }>;
export type ProductUpdated = Event<'ProductUpdated', { productId: string; definition: ProductDefinition }>;
export type ProductPublished = Event<'ProductPublished', { productId: string }>;
export type ProductUnpublished = Event<'ProductUnpublished', { productId: string }>;

export type ProductEvent = ProductCreated | ProductUpdated | ProductPublished | ProductUnpublished;

export interface Product {
  productId: string | null;
  sellerId: string | null;
  published: boolean;
}

export const initialProduct = (): Product => ({ productId: null, sellerId: null, published: false });

export function evolveProduct(state: Product, event: ProductEvent): Product {
  switch (event.type) {
    case 'ProductCreated':
      return { productId: event.data.productId, sellerId: event.data.sellerId, published: false };
    case 'ProductUpdated':
      return state;
    case 'ProductPublished':
      return { ...state, published: true };
    case 'ProductUnpublished':
      return { ...state, published: false };
  }
}
