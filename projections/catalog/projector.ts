import { DateTime } from 'luxon';
import type { RecordedEvent } from '../../application/platform/ports/event-store';
import type { ProductDefinition } from '../../domain/catalog/definitions';
import type { HandlersOf } from '../../domain/shared/decider';
import { fromPriceUsd } from '../../domain/pricing/from-price';
import { itemIds } from '../../domain/catalog/validate';
import { confirmations, durationBuckets, pickupKinds, priceKind, styleOf } from '../../domain/catalog/trip-facts';
import type { ProductEvent } from '../../domain/product';
import type { SellerEvent } from '../../domain/seller';
import type { StorefrontEvent } from '../../domain/storefront';
import { defineProjector, type Write } from '../../application/platform/processing/projector';
import { KEYS, PRODUCTS, SELLERS, STOREFRONTS } from './doc';

/** The events the catalog's documents are made of: sellers, storefronts, their keys and products. */
export type CatalogEvent = SellerEvent | StorefrontEvent | ProductEvent;

/** Filters match slugs whatever their case: the indexed copies are lowercase. */
const slugOf = (named: { slug: string }): string => named.slug.toLowerCase();

/**
 * What a product document keeps besides the definition: the fields lists filter and sort on,
 * so that every filter decided by the trip alone selects in the store (spec 4.2, phase one).
 */
function productFields(definition: ProductDefinition, recordedAt: string) {
  // Specials count from the trip's local day the catalog changed: the same price whenever the events are projected.
  const fromUsd = fromPriceUsd(definition, DateTime.fromISO(recordedAt, { zone: definition.timezone }).toISODate());
  const stops = definition.places.map(slugOf);
  return {
    definition,
    slug: definition.slug,
    template: definition.template,
    network: definition.network,
    city: slugOf(definition.city),
    region: slugOf(definition.region),
    country: slugOf(definition.country),
    categories: definition.categories.map(slugOf),
    places: [slugOf(definition.city), ...stops],
    stops,
    duration: durationBuckets(definition),
    style: styleOf(definition),
    pickup: pickupKinds(definition),
    confirmation: confirmations(definition),
    rating: definition.rating?.average ?? null,
    price: priceKind(definition, fromUsd),
    option_ids: definition.options.map((o) => o.id),
    item_ids: itemIds(definition),
    from_usd: fromUsd,
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
  SellerFlaggedForAttention: (e) => [{ collection: SELLERS, updateOne: { filter: { _id: e.data.sellerId }, update: { $set: { needs_attention: true } } } }],
  SellerAttentionCleared: (e) => [{ collection: SELLERS, updateOne: { filter: { _id: e.data.sellerId }, update: { $set: { needs_attention: false } } } }],
  SellerSuspended: (e) => [{ collection: SELLERS, updateOne: { filter: { _id: e.data.sellerId }, update: { $set: { suspended: true } } } }],
  SellerReinstated: (e) => [{ collection: SELLERS, updateOne: { filter: { _id: e.data.sellerId }, update: { $set: { suspended: false } } } }],
  SellerLeftMarketplace: (e) => [
    {
      collection: STOREFRONTS,
      updateOne: { filter: { _id: e.data.storefrontId }, update: { $pull: { member_seller_ids: e.data.sellerId }, $set: { updated_at: e.recordedAt } } },
    },
  ],
  SecretKeyIssued: (e) => [
    {
      collection: KEYS,
      replaceOne: {
        filter: { _id: e.data.keyHash },
        doc: {
          _id: e.data.keyHash,
          kind: 'secret',
          key_id: e.data.keyId,
          seller_id: e.data.sellerId,
          scopes: e.data.scopes,
          revoked: false,
          name: e.data.name ?? null,
          created_by: e.data.createdBy ?? null,
          created_at: e.recordedAt,
        },
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
        doc: {
          _id: e.data.keyHash,
          kind: 'website',
          key_id: e.data.keyId,
          storefront_id: e.data.storefrontId,
          revoked: false,
          retires_at: null,
          created_at: e.recordedAt,
        },
        upsert: true,
      },
    },
  ],
  WebsiteKeyRetiring: (e) => [{ collection: KEYS, updateOne: { filter: { key_id: e.data.keyId }, update: { $set: { retires_at: e.data.retiresAt } } } }],
  WebsiteKeyRevoked: (e) => [{ collection: KEYS, updateOne: { filter: { key_id: e.data.keyId }, update: { $set: { revoked: true } } } }],
  ProductCreated: (e) => [
    setProduct(e, {
      seller_id: e.data.sellerId,
      published: false,
      created_at: e.recordedAt,
      created_position: e.position,
      ...productFields(e.data.definition, e.recordedAt),
    }),
  ],
  ProductUpdated: (e) => [setProduct(e, productFields(e.data.definition, e.recordedAt))],
  ProductPublished: (e) => [setProduct(e, { published: true })],
  ProductUnpublished: (e) => [setProduct(e, { published: false })],
};

export const catalogProjector = defineProjector<CatalogEvent>(
  'catalog',
  {
    [KEYS]: [{ key_id: 1 }, { seller_id: 1 }, { storefront_id: 1 }],
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
      { stops: 1 },
      { duration: 1 },
      { style: 1 },
      { pickup: 1 },
      { confirmation: 1 },
      { price: 1 },
    ],
  },
  handlers,
);
