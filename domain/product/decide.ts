import { assertNever } from '../shared/decider';
import { Refusal, conflict, invalidInput, notFound, refuse } from '../shared/refusal';
import type { ProductDefinition } from '../catalog/definitions';
import { CatalogTaken, productProblems } from '../catalog/validate';
import { nonMonotonicCells } from '../pricing/table-rules';
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

/** Problems of the definition's shape first; then price tables where a bigger group would pay more per person. */
function definitionRefusal(definition: ProductDefinition, taken: CatalogTaken): Refusal | null {
  const problems = productProblems(definition, taken);
  if (problems.length > 0) return invalidInput(problems);
  const cells = nonMonotonicCells(definition.options);
  if (cells.length > 0) return refuse('PriceTableNotMonotonic', 'a bigger group would pay more per person than a smaller one: lower these cells', { cells });
  return null;
}

function createProduct(command: CreateProduct, state: Product): ProductEvent[] | Refusal {
  if (state.productId) return conflict('product_exists', 'the product exists already');
  const refusal = definitionRefusal(command.definition, command.taken);
  if (refusal) return refusal;
  return [{ type: 'ProductCreated', data: { productId: command.productId, sellerId: command.sellerId, definition: command.definition } }];
}

function updateProduct(command: UpdateProduct, product: Owned): ProductEvent[] | Refusal {
  const refusal = definitionRefusal(command.definition, command.taken);
  if (refusal) return refusal;
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
