import type { ProductDefinition } from '../../domain/catalog/definitions';
import { isRefusal, notFound, type Refusal } from '../../domain/shared/refusal';
import { CatalogReads } from '../../projections/catalog/queries';
import { defineFeature } from '../platform/feature';
import type { Platform } from '../platform/platform';
import { CatalogService, type Done } from './commands';
import { SellerQueries, type BookingListQuery, type ListQuery, type SellerProductView } from './queries';

export { CatalogService } from './commands';

/** Who calls the seller interface: the key's seller and the request id (the events' correlationId). */
export interface SellerCaller {
  sellerId: string;
  correlationId: string;
}

/** Part 4.9: the seller's own products and bookings through a secret key. */
export const sellerFeature = defineFeature({
  name: 'seller',
  create(platform: Platform) {
    const queries = new SellerQueries(platform.docs);
    const commands = new CatalogService(platform.commands, platform.clock, new CatalogReads(platform.docs));
    /** After a command: wait for the projection, then answer the product as it now stands. */
    const productAfter = async (caller: SellerCaller, done: Done | Refusal): Promise<SellerProductView | Refusal> => {
      if (isRefusal(done)) return done;
      await platform.awaitProjections(done.position);
      return (await queries.product(caller.sellerId, done.id)) ?? notFound('product');
    };
    return {
      products: (caller: SellerCaller, query: ListQuery) => queries.products(caller.sellerId, query),
      product: async (caller: SellerCaller, id: string) => (await queries.product(caller.sellerId, id)) ?? notFound('product'),
      createProduct: async (caller: SellerCaller, definition: ProductDefinition) =>
        productAfter(caller, await commands.createProduct(caller.sellerId, definition, platform.ids.uuid(), caller.correlationId)),
      replaceProduct: async (caller: SellerCaller, id: string, definition: ProductDefinition) =>
        productAfter(caller, await commands.updateProduct(caller.sellerId, id, definition, caller.correlationId)),
      publishProduct: async (caller: SellerCaller, id: string, publish: boolean) =>
        productAfter(caller, await commands.publishProduct(caller.sellerId, id, publish, caller.correlationId)),
      bookings: (caller: SellerCaller, query: BookingListQuery) => queries.bookings(caller.sellerId, query),
    };
  },
});
