import type { RecordedEvent } from '../../application/platform/ports/event-store';
import type { HandlersOf } from '../../domain/shared/decider';
import type { ProductEvent } from '../../domain/product';
import type { SiteContentEvent } from '../../domain/site-content';
import { defineProjector, type Write } from '../../application/platform/processing/projector';
import { REDIRECTS } from './doc';

/** Trips move when their product's slug changes, pages when theirs does. */
export type RedirectEvent = ProductEvent | SiteContentEvent;

const slugged = (id: string, slug: string, position: number, fields: Record<string, unknown>): Write => ({
  collection: REDIRECTS,
  updateOne: { filter: { _id: id }, update: { $set: { ...fields, slug, changed_position: position }, $addToSet: { slugs: slug } }, upsert: true },
});

const pageLive = (pageId: string, live: boolean): Write => ({
  collection: REDIRECTS,
  updateOne: { filter: { _id: `page:${pageId}` }, update: { $set: { live } } },
});

const handlers: HandlersOf<RedirectEvent, RecordedEvent, Write[]> = {
  ProductCreated: (e) => [
    slugged(`trip:${e.data.productId}`, e.data.definition.slug, e.position, { entity: 'trip', entity_id: e.data.productId, seller_id: e.data.sellerId }),
  ],
  ProductUpdated: (e) => [slugged(`trip:${e.data.productId}`, e.data.definition.slug, e.position, { entity: 'trip', entity_id: e.data.productId })],
  PageCreated: (e) => [
    slugged(`page:${e.data.pageId}`, e.data.definition.slug, e.position, {
      entity: 'page',
      entity_id: e.data.pageId,
      storefront_id: e.data.storefrontId,
      live: false,
    }),
  ],
  PageReplaced: (e) => [slugged(`page:${e.data.pageId}`, e.data.definition.slug, e.position, { entity: 'page', entity_id: e.data.pageId })],
  PagePublished: (e) => [pageLive(e.data.pageId, true)],
  PageUnpublished: (e) => [pageLive(e.data.pageId, false)],
  PageDeleted: (e) => [pageLive(e.data.pageId, false)],
};

/** The slugs every trip and page has had, so an old path can answer where it moved. */
export const redirectsProjector = defineProjector<RedirectEvent>('redirects', { [REDIRECTS]: [{ slugs: 1 }] }, handlers);
