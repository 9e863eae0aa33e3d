import type { Event } from '../shared/decider';
import type { CollectionDefinition, HomePlacement, MenuItemDefinition, MenuLocation, PageDefinition, SitePaths } from './definitions';

/** Definitions are the seller interface's request bodies, embedded whole in their own (snake_case) shape. */
export type PageCreated = Event<'PageCreated', { storefrontId: string; pageId: string; definition: PageDefinition }>;
export type PageReplaced = Event<'PageReplaced', { storefrontId: string; pageId: string; definition: PageDefinition }>;
export type PagePublished = Event<'PagePublished', { storefrontId: string; pageId: string }>;
export type PageUnpublished = Event<'PageUnpublished', { storefrontId: string; pageId: string }>;
export type PageDeleted = Event<'PageDeleted', { storefrontId: string; pageId: string }>;
export type MenuSet = Event<'MenuSet', { storefrontId: string; location: MenuLocation; items: MenuItemDefinition[] }>;
export type CollectionsSet = Event<'CollectionsSet', { storefrontId: string; collections: CollectionDefinition[] }>;
export type HomePlacementSet = Event<'HomePlacementSet', { storefrontId: string; placement: HomePlacement }>;
export type SitePathsSet = Event<'SitePathsSet', { storefrontId: string; paths: SitePaths }>;

export type SiteContentEvent =
  PageCreated | PageReplaced | PagePublished | PageUnpublished | PageDeleted | MenuSet | CollectionsSet | HomePlacementSet | SitePathsSet;

/** What the rules look at: the site's pages (deleted ones are gone) by id, with their slug and whether they are published. */
export interface SiteContent {
  storefrontId: string | null;
  pages: Record<string, { slug: string; published: boolean }>;
}

export const initialSiteContent = (): SiteContent => ({ storefrontId: null, pages: {} });

export function evolveSiteContent(state: SiteContent, event: SiteContentEvent): SiteContent {
  const site = { ...state, storefrontId: event.data.storefrontId };
  switch (event.type) {
    case 'PageCreated':
      return { ...site, pages: { ...state.pages, [event.data.pageId]: { slug: event.data.definition.slug, published: false } } };
    case 'PageReplaced':
      return { ...site, pages: { ...state.pages, [event.data.pageId]: { ...state.pages[event.data.pageId], slug: event.data.definition.slug } } };
    case 'PagePublished':
    case 'PageUnpublished':
      return { ...site, pages: { ...state.pages, [event.data.pageId]: { ...state.pages[event.data.pageId], published: event.type === 'PagePublished' } } };
    case 'PageDeleted': {
      const { [event.data.pageId]: _deleted, ...pages } = state.pages;
      return { ...site, pages };
    }
    case 'MenuSet':
    case 'CollectionsSet':
    case 'HomePlacementSet':
    case 'SitePathsSet':
      return site;
  }
}
