import { isRefusal, notFound } from '../../domain/refusal';
import type { ProductDoc } from '../../application/catalog-reads';
import { bookingView, type BookingDoc } from '../../application/views/booking';
import { encodeOffsetCursor, decodeOffsetCursor } from '../../application/cursor';
import type { Handler, HandlerInput } from './public';

function productAnswer(doc: Readonly<ProductDoc>) {
  return { id: doc._id, published: doc.published, created_at: doc.created_at, updated_at: doc.updated_at, ...doc.definition };
}

async function ownProduct(input: HandlerInput, id: string) {
  const doc = await input.deps.catalogReads.product(id);
  return doc && doc.seller_id === input.state.sellerId ? doc : null;
}

/** After a command: wait for the projection, then answer the product as it now stands. */
async function afterCommand(input: HandlerInput, result: { id: string; position: number } | import('../../domain/refusal').Refusal, status?: number) {
  if (isRefusal(result)) return result;
  await input.deps.awaitProjections(result.position);
  const doc = await ownProduct(input, result.id);
  return doc ? { body: productAnswer(doc), status } : notFound('product');
}

async function page<T>(input: HandlerInput, kind: string, all: readonly T[], map: (item: T) => unknown) {
  const limit: number = input.query.limit ?? 20;
  const offset = input.query.cursor ? decodeOffsetCursor(input.query.cursor, kind) : 0;
  if (isRefusal(offset)) return offset;
  const next = offset + limit < all.length ? encodeOffsetCursor(kind, offset + limit) : null;
  return { body: { data: all.slice(offset, offset + limit).map(map), next_cursor: next, total: all.length } };
}

export const sellerHandlers: Record<string, Handler> = {
  sellerListProducts: async (input) => {
    const all = await input.deps.catalogReads.productsOf({ seller_id: input.state.sellerId });
    const sorted = [...all].sort((a, b) => b.created_position - a.created_position);
    return page(input, 'seller_products', sorted, productAnswer);
  },
  sellerCreateProduct: async (input) => afterCommand(input, await input.deps.catalogService.createProduct(input.state.sellerId as string, input.body), 201),
  sellerGetProduct: async (input) => {
    const doc = await ownProduct(input, input.params.id);
    return doc ? { body: productAnswer(doc) } : notFound('product');
  },
  sellerUpdateProduct: async (input) => afterCommand(input, await input.deps.catalogService.updateProduct(input.state.sellerId as string, input.params.id, input.body)),
  sellerPublishProduct: async (input) => afterCommand(input, await input.deps.catalogService.publishProduct(input.state.sellerId as string, input.params.id, true)),
  sellerUnpublishProduct: async (input) => afterCommand(input, await input.deps.catalogService.publishProduct(input.state.sellerId as string, input.params.id, false)),
  sellerListBookings: async (input) => {
    const filter: Record<string, unknown> = { seller_id: input.state.sellerId, status: { $ne: 'placed' } };
    if (input.query.status) filter.status = { $in: input.query.status };
    const all = await input.deps.docs.collection<BookingDoc>('bookings').find(filter, { sort: { placed_at: -1 } });
    return page(input, 'seller_bookings', all, (doc) => ({ ...bookingView(doc), placed_at: doc.placed_at }));
  },
};
