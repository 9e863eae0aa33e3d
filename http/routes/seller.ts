import { Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import type { Handler, HandlerInput } from './public';

const sellerOf = (input: HandlerInput): string => input.state.sellerId as string;

/** After a command: wait for the projection, then answer the product as it now stands. */
async function afterCommand(input: HandlerInput, result: { id: string; position: number } | Refusal, status?: number) {
  if (isRefusal(result)) return result;
  await input.deps.awaitProjections(result.position);
  const product = await input.deps.sellerQueries.product(sellerOf(input), result.id);
  return product ? { body: product, status } : notFound('product');
}

export const sellerHandlers: Record<string, Handler> = {
  sellerListProducts: async (input) => {
    const result = await input.deps.sellerQueries.products(sellerOf(input), { cursor: input.query.cursor, limit: input.query.limit ?? 20 });
    return isRefusal(result) ? result : { body: result };
  },
  sellerCreateProduct: async (input) => afterCommand(input, await input.deps.catalogService.createProduct(sellerOf(input), input.body), 201),
  sellerGetProduct: async (input) => {
    const product = await input.deps.sellerQueries.product(sellerOf(input), input.params.id);
    return product ? { body: product } : notFound('product');
  },
  sellerUpdateProduct: async (input) => afterCommand(input, await input.deps.catalogService.updateProduct(sellerOf(input), input.params.id, input.body)),
  sellerPublishProduct: async (input) => afterCommand(input, await input.deps.catalogService.publishProduct(sellerOf(input), input.params.id, true)),
  sellerUnpublishProduct: async (input) => afterCommand(input, await input.deps.catalogService.publishProduct(sellerOf(input), input.params.id, false)),
  sellerListBookings: async (input) => {
    const result = await input.deps.sellerQueries.bookings(sellerOf(input), { cursor: input.query.cursor, limit: input.query.limit ?? 20, status: input.query.status });
    return isRefusal(result) ? result : { body: result };
  },
};
