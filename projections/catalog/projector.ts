import type { RecordedEvent } from '../../application/platform/ports/event-store';
import type { ProductDefinition } from '../../domain/catalog/definitions';
import type { HandlersOf } from '../../domain/shared/decider';
import { fromPriceUsd } from '../../domain/pricing/from-price';
import { itemIds } from '../../domain/catalog/validate';
import type { ProductEvent } from '../../domain/product';
import type { SellerEvent } from '../../domain/seller';
import type { StorefrontEvent } from '../../domain/storefront';
import type { Projector, Write } from '../../application/platform/processing/projector';
import { KEYS, PRODUCTS, SELLERS, STOREFRONTS } from './doc';

/** The events the catalog's documents are made of: sellers, storefronts, their keys and products. */
export type CatalogEvent = SellerEvent | StorefrontEvent | ProductEvent;

/** What a product document keeps besides the definition: the fields lists filter and sort on. */
function productFields(definition: ProductDefinition) {
  return {
    definition,
    slug: definition.slug,
    template: definition.template,
    network: definition.network,
    city: definition.city.slug,
    region: definition.region.slug,
    country: definition.country.slug,
    categories: definition.categories.map((c) => c.slug),
    places: [definition.city.slug, ...definition.places.map((p) => p.slug)],
    option_ids: definition.options.map((o) => o.id),
    item_ids: itemIds(definition),
    from_usd: fromPriceUsd(definition),
  };
}

const setProduct = (e: Pick<RecordedEvent, 'recordedAt'> & { data: { productId: string } }, fields: Record<string, unknown>): Write => ({
  collection: PRODUCTS,
  updateOne: { filter: { _id: e.data.productId }, update: { $set: { ...fields, updated_at: e.recordedAt } }, upsert: true },
});

const handlers: HandlersOf<CatalogEvent, RecordedEvent, Write[]> = {
  SellerCreated: (e) => [
    { collection: SELLERS, replaceOne: { filter: { _id: e.data.sellerId }, doc: { _id: e.data.sellerId, ...e.data.definition }, upsert: true } },
  ],
  SecretKeyIssued: (e) => [
    {
      collection: KEYS,
      replaceOne: {
        filter: { _id: e.data.keyHash },
        doc: { _id: e.data.keyHash, kind: 'secret', key_id: e.data.keyId, seller_id: e.data.sellerId, scopes: e.data.scopes, revoked: false },
        upsert: true,
      },
    },
  ],
  SecretKeyRevoked: (e) => [{ collection: KEYS, updateOne: { filter: { key_id: e.data.keyId }, update: { $set: { revoked: true } } } }],
  StorefrontCreated: (e) => [
    {
      collection: STOREFRONTS,
      replaceOne: { filter: { _id: e.data.storefrontId }, doc: { _id: e.data.storefrontId, ...e.data.definition, updated_at: e.recordedAt }, upsert: true },
    },
  ],
  StorefrontUpdated: (e) => [
    {
      collection: STOREFRONTS,
      replaceOne: { filter: { _id: e.data.storefrontId }, doc: { _id: e.data.storefrontId, ...e.data.definition, updated_at: e.recordedAt }, upsert: true },
    },
  ],
  WebsiteKeyIssued: (e) => [
    {
      collection: KEYS,
      replaceOne: {
        filter: { _id: e.data.keyHash },
        doc: { _id: e.data.keyHash, kind: 'website', key_id: e.data.keyId, storefront_id: e.data.storefrontId, revoked: false },
        upsert: true,
      },
    },
  ],
  ProductCreated: (e) => [
    setProduct(e, {
      seller_id: e.data.sellerId,
      published: false,
      created_at: e.recordedAt,
      created_position: e.position,
      ...productFields(e.data.definition),
    }),
  ],
  ProductUpdated: (e) => [setProduct(e, productFields(e.data.definition))],
  ProductPublished: (e) => [setProduct(e, { published: true })],
  ProductUnpublished: (e) => [setProduct(e, { published: false })],
};

export const catalogProjector: Projector = {
  name: 'catalog',
  collections: {
    [KEYS]: [],
    [SELLERS]: [{ slug: 1 }],
    [STOREFRONTS]: [],
    [PRODUCTS]: [
      { seller_id: 1 },
      { slug: 1 },
      { option_ids: 1 },
      { item_ids: 1 },
      { city: 1 },
      { region: 1 },
      { country: 1 },
      { template: 1 },
      { categories: 1 },
      { places: 1 },
    ],
  },
  handlers: handlers as Projector['handlers'],
};
