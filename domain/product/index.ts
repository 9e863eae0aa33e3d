import { Decider } from '../shared/decider';
import { ProductCommand, decideProduct } from './decide';
import { Product, ProductEvent, evolveProduct, initialProduct } from './events';

export * from './events';
export * from './decide';

/** A seller's product: its definition and whether it is published. */
export const productDecider: Decider<ProductCommand, ProductEvent, Product> = {
  initialState: initialProduct,
  evolve: evolveProduct,
  decide: decideProduct,
};

export const productStream = (id: string): string => `product-${id}`;
