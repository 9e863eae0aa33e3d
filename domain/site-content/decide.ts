import { assertNever } from '../shared/decider';
import { Refusal, conflict, invalidInput, notFound } from '../shared/refusal';
import type { CollectionDefinition, HomePlacement, MenuItemDefinition, MenuLocation, PageDefinition, SitePaths } from './definitions';
import type { SiteContent, SiteContentEvent } from './events';
import { SiteFacts, collectionProblems, homeProblems, menuProblems, pageProblems, pathProblems } from './rules';

/** Trip ids the command names that the site cannot sell (read from the catalog by the caller). */
interface NamesTrips {
  site: SiteFacts;
  unknownTrips: string[];
}

export type CreatePage = NamesTrips & { type: 'CreatePage'; pageId: string; definition: PageDefinition };
export type ReplacePage = NamesTrips & { type: 'ReplacePage'; pageId: string; definition: PageDefinition };
export type PublishPage = { type: 'PublishPage'; site: SiteFacts; pageId: string };
export type UnpublishPage = { type: 'UnpublishPage'; site: SiteFacts; pageId: string };
export type DeletePage = { type: 'DeletePage'; site: SiteFacts; pageId: string };
export type SetMenu = NamesTrips & { type: 'SetMenu'; location: MenuLocation; items: MenuItemDefinition[] };
export type SetCollections = NamesTrips & { type: 'SetCollections'; collections: CollectionDefinition[] };
export type SetHomePlacement = NamesTrips & { type: 'SetHomePlacement'; placement: HomePlacement };
export type SetSitePaths = { type: 'SetSitePaths'; site: SiteFacts; paths: SitePaths };

export type SiteContentCommand =
  CreatePage | ReplacePage | PublishPage | UnpublishPage | DeletePage | SetMenu | SetCollections | SetHomePlacement | SetSitePaths;

const slugTaken = (state: SiteContent, slug: string, pageId: string): boolean =>
  Object.entries(state.pages).some(([id, page]) => id !== pageId && page.slug === slug);

function createPage(command: CreatePage, state: SiteContent): SiteContentEvent[] | Refusal {
  if (state.pages[command.pageId]) return conflict('page_exists', 'the page exists already');
  const problems = pageProblems(command.definition, command.site, new Set(command.unknownTrips), slugTaken(state, command.definition.slug, command.pageId));
  if (problems.length > 0) return invalidInput(problems);
  return [{ type: 'PageCreated', data: { storefrontId: command.site.storefrontId, pageId: command.pageId, definition: command.definition } }];
}

function replacePage(command: ReplacePage, state: SiteContent): SiteContentEvent[] | Refusal {
  if (!state.pages[command.pageId]) return notFound('page');
  const problems = pageProblems(command.definition, command.site, new Set(command.unknownTrips), slugTaken(state, command.definition.slug, command.pageId));
  if (problems.length > 0) return invalidInput(problems);
  return [{ type: 'PageReplaced', data: { storefrontId: command.site.storefrontId, pageId: command.pageId, definition: command.definition } }];
}

function publishPage(command: PublishPage | UnpublishPage, state: SiteContent): SiteContentEvent[] | Refusal {
  const page = state.pages[command.pageId];
  if (!page) return notFound('page');
  const publish = command.type === 'PublishPage';
  if (page.published === publish) return [];
  const data = { storefrontId: command.site.storefrontId, pageId: command.pageId };
  return [publish ? { type: 'PagePublished', data } : { type: 'PageUnpublished', data }];
}

function deletePage(command: DeletePage, state: SiteContent): SiteContentEvent[] | Refusal {
  if (!state.pages[command.pageId]) return notFound('page');
  return [{ type: 'PageDeleted', data: { storefrontId: command.site.storefrontId, pageId: command.pageId } }];
}

function setMenu(command: SetMenu, state: SiteContent): SiteContentEvent[] | Refusal {
  const problems = menuProblems(command.items, command.site, new Set(Object.keys(state.pages)), new Set(command.unknownTrips));
  if (problems.length > 0) return invalidInput(problems);
  return [{ type: 'MenuSet', data: { storefrontId: command.site.storefrontId, location: command.location, items: command.items } }];
}

/** Collections and home placement arrange a marketplace's many sellers; a seller's own site has its own home page. */
const notAMarketplace = () => conflict('not_a_marketplace', 'collections and home placement are kept by marketplaces only');

function setCollections(command: SetCollections): SiteContentEvent[] | Refusal {
  if (command.site.kind !== 'marketplace') return notAMarketplace();
  const problems = collectionProblems(command.collections, command.site, new Set(command.unknownTrips));
  if (problems.length > 0) return invalidInput(problems);
  return [{ type: 'CollectionsSet', data: { storefrontId: command.site.storefrontId, collections: command.collections } }];
}

function setHomePlacement(command: SetHomePlacement): SiteContentEvent[] | Refusal {
  if (command.site.kind !== 'marketplace') return notAMarketplace();
  const problems = homeProblems(command.placement, new Set(command.unknownTrips));
  if (problems.length > 0) return invalidInput(problems);
  return [{ type: 'HomePlacementSet', data: { storefrontId: command.site.storefrontId, placement: command.placement } }];
}

function setSitePaths(command: SetSitePaths): SiteContentEvent[] | Refusal {
  const problems = pathProblems(command.paths);
  if (problems.length > 0) return invalidInput(problems);
  return [{ type: 'SitePathsSet', data: { storefrontId: command.site.storefrontId, paths: command.paths } }];
}

export function decideSiteContent(command: SiteContentCommand, state: SiteContent): SiteContentEvent[] | Refusal {
  switch (command.type) {
    case 'CreatePage':
      return createPage(command, state);
    case 'ReplacePage':
      return replacePage(command, state);
    case 'PublishPage':
    case 'UnpublishPage':
      return publishPage(command, state);
    case 'DeletePage':
      return deletePage(command, state);
    case 'SetMenu':
      return setMenu(command, state);
    case 'SetCollections':
      return setCollections(command);
    case 'SetHomePlacement':
      return setHomePlacement(command);
    case 'SetSitePaths':
      return setSitePaths(command);
    default:
      return assertNever(command);
  }
}
