import type { RecordedEvent } from '../../application/platform/ports/event-store';
import type { HandlersOf } from '../../domain/shared/decider';
import type { SiteContentEvent } from '../../domain/site-content';
import { defineProjector, type Write } from '../../application/platform/processing/projector';
import { SITE_PAGES, SITES } from './doc';

type Recorded = Pick<RecordedEvent, 'recordedAt'> & { data: { storefrontId: string; pageId: string } };

const setPage = (e: Recorded, fields: Record<string, unknown>): Write => ({
  collection: SITE_PAGES,
  updateOne: { filter: { _id: e.data.pageId }, update: { $set: { ...fields, updated_at: e.recordedAt } } },
});

const setSite = (e: Pick<RecordedEvent, 'recordedAt'> & { data: { storefrontId: string } }, fields: Record<string, unknown>): Write => ({
  collection: SITES,
  updateOne: { filter: { _id: e.data.storefrontId }, update: { $set: { ...fields, updated_at: e.recordedAt } }, upsert: true },
});

const handlers: HandlersOf<SiteContentEvent, RecordedEvent, Write[]> = {
  PageCreated: (e) => [
    {
      collection: SITE_PAGES,
      replaceOne: {
        filter: { _id: e.data.pageId },
        doc: {
          _id: e.data.pageId,
          storefront_id: e.data.storefrontId,
          slug: e.data.definition.slug,
          definition: e.data.definition,
          published: false,
          deleted: false,
          created_at: e.recordedAt,
          updated_at: e.recordedAt,
        },
        upsert: true,
      },
    },
  ],
  PageReplaced: (e) => [setPage(e, { slug: e.data.definition.slug, definition: e.data.definition })],
  PagePublished: (e) => [setPage(e, { published: true })],
  PageUnpublished: (e) => [setPage(e, { published: false })],
  PageDeleted: (e) => [setPage(e, { published: false, deleted: true })],
  MenuSet: (e) => [setSite(e, { [`menus.${e.data.location}`]: e.data.items })],
  CollectionsSet: (e) => [setSite(e, { collections: e.data.collections })],
  HomePlacementSet: (e) => [setSite(e, { home: e.data.placement })],
  SitePathsSet: (e) => [
    {
      collection: SITES,
      updateOne: {
        filter: { _id: e.data.storefrontId },
        // Every set of patterns the site has had, so the paths of earlier ones still redirect (application/content/redirects.ts).
        update: { $set: { paths: e.data.paths, updated_at: e.recordedAt }, $push: { path_history: e.data.paths } },
        upsert: true,
      },
    },
  ],
};

/** Pages, menus, collections, home placement and paths of every storefront, as their operators set them. */
export const contentProjector = defineProjector<SiteContentEvent>(
  'content',
  {
    [SITE_PAGES]: [{ storefront_id: 1 }, { slug: 1 }],
    [SITES]: [],
  },
  handlers,
);
