import { assertNever } from '../shared/decider';
import { Refusal, conflict, invalidInput, notFound } from '../shared/refusal';
import type { ProductDefinition } from '../catalog/definitions';
import { CatalogTaken, productProblems } from '../catalog/validate';
import type { Product, ProductEvent } from './events';

export type CreateProduct = { type: 'CreateProduct'; productId: string; sellerId: string; definition: ProductDefinition; taken: CatalogTaken };
export type UpdateProduct = { type: 'UpdateProduct'; sellerId: string; definition: ProductDefinition; taken: CatalogTaken };
export type PublishProduct = { type: 'PublishProduct'; sellerId: string };
export type UnpublishProduct = { type: 'UnpublishProduct'; sellerId: string };

export type ProductCommand = CreateProduct | UpdateProduct | PublishProduct | UnpublishProduct;

/** A product that exists and belongs to this seller: another seller's product is as unknown as a missing one. */
type Owned = Product & { productId: string };

function owned(state: Product, sellerId: string): Owned | null {
  return state.productId && state.sellerId === sellerId ? { ...state, productId: state.productId } : null;
}

function createProduct(command: CreateProduct, state: Product): ProductEvent[] | Refusal {
  if (state.productId) return conflict('product_exists', 'the product exists already');
  const problems = productProblems(command.definition, command.taken);
  if (problems.length > 0) return invalidInput(problems);
  return [{ type: 'ProductCreated', data: { productId: command.productId, sellerId: command.sellerId, definition: command.definition } }];
}

function updateProduct(command: UpdateProduct, product: Owned): ProductEvent[] | Refusal {
  const problems = productProblems(command.definition, command.taken);
  if (problems.length > 0) return invalidInput(problems);
  return [{ type: 'ProductUpdated', data: { productId: product.productId, definition: command.definition } }];
}

function publishProduct(product: Owned): ProductEvent[] {
  return product.published ? [] : [{ type: 'ProductPublished', data: { productId: product.productId } }];
}

function unpublishProduct(product: Owned): ProductEvent[] {
  return product.published ? [{ type: 'ProductUnpublished', data: { productId: product.productId } }] : [];
}

export function decideProduct(command: ProductCommand, state: Product): ProductEvent[] | Refusal {
  if (command.type === 'CreateProduct') return createProduct(command, state);
  const product = owned(state, command.sellerId);
  if (!product) return notFound('product');
  switch (command.type) {
    case 'UpdateProduct':
      return updateProduct(command, product);
    case 'PublishProduct':
      return publishProduct(product);
    case 'UnpublishProduct':
      return unpublishProduct(product);
    default:
      return assertNever(command);
  }
}
