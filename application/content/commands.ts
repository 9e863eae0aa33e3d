import {
  CollectionDefinition,
  HomePlacement,
  MenuItemDefinition,
  MenuLocation,
  PageDefinition,
  SiteContentCommand,
  SitePaths,
  siteContentDecider,
  siteContentStream,
} from '../../domain/site-content';
import { Refusal, isRefusal } from '../../domain/shared/refusal';
import { CatalogReads } from '../../projections/catalog/queries';
import type { CommandHandler } from '../platform/command-handler';
import type { Clock } from '../platform/ports/clock';
import type { DocumentStore } from '../platform/ports/document-store';
import { ContentCaller, OperatedSite, operatedSite, unknownTrips } from './site';

export interface Done {
  id: string;
  position: number;
}

const pageTrips = (page: PageDefinition): string[] =>
  Object.values(page.content).flatMap((c) => c.sections.flatMap((s) => (s.type === 'trips' ? s.trip_ids : [])));

const menuTrips = (items: MenuItemDefinition[]): string[] =>
  [...items, ...items.flatMap((i) => i.children)].flatMap((i) => ('trip' in i.link ? [i.link.trip] : []));

/** The operator's side of a site's content: every change is a command on the storefront's content stream. */
export class SiteContentService {
  private readonly reads: CatalogReads;

  constructor(
    private readonly commands: CommandHandler,
    private readonly clock: Clock,
    private readonly docs: DocumentStore,
  ) {
    this.reads = new CatalogReads(docs);
  }

  /** Checks the caller runs the site, names the trips it cannot sell, then decides and appends. */
  private async run(
    caller: ContentCaller,
    storefrontId: string,
    id: string,
    trips: string[],
    command: (site: OperatedSite, unknown: string[]) => SiteContentCommand,
  ): Promise<Done | Refusal> {
    const site = await operatedSite(this.reads, caller, storefrontId, 'content:write');
    if (isRefusal(site)) return site;
    const unknown = await unknownTrips(this.docs, site.storefront, trips);
    const handled = await this.commands.handle(siteContentStream(storefrontId), siteContentDecider, command(site, unknown), {
      correlationId: caller.correlationId,
      causationId: caller.correlationId,
      storefrontId,
      at: this.clock.now().toISOString(),
    });
    return isRefusal(handled) ? handled : { id, position: handled.position };
  }

  createPage(caller: ContentCaller, storefrontId: string, pageId: string, definition: PageDefinition): Promise<Done | Refusal> {
    return this.run(caller, storefrontId, pageId, pageTrips(definition), (site, unknown) => ({
      type: 'CreatePage',
      site: site.facts,
      unknownTrips: unknown,
      pageId,
      definition,
    }));
  }

  replacePage(caller: ContentCaller, storefrontId: string, pageId: string, definition: PageDefinition): Promise<Done | Refusal> {
    return this.run(caller, storefrontId, pageId, pageTrips(definition), (site, unknown) => ({
      type: 'ReplacePage',
      site: site.facts,
      unknownTrips: unknown,
      pageId,
      definition,
    }));
  }

  publishPage(caller: ContentCaller, storefrontId: string, pageId: string, publish: boolean): Promise<Done | Refusal> {
    return this.run(caller, storefrontId, pageId, [], (site) => ({ type: publish ? 'PublishPage' : 'UnpublishPage', site: site.facts, pageId }));
  }

  deletePage(caller: ContentCaller, storefrontId: string, pageId: string): Promise<Done | Refusal> {
    return this.run(caller, storefrontId, pageId, [], (site) => ({ type: 'DeletePage', site: site.facts, pageId }));
  }

  setMenu(caller: ContentCaller, storefrontId: string, location: MenuLocation, items: MenuItemDefinition[]): Promise<Done | Refusal> {
    return this.run(caller, storefrontId, storefrontId, menuTrips(items), (site, unknown) => ({
      type: 'SetMenu',
      site: site.facts,
      unknownTrips: unknown,
      location,
      items,
    }));
  }

  setCollections(caller: ContentCaller, storefrontId: string, collections: CollectionDefinition[]): Promise<Done | Refusal> {
    return this.run(
      caller,
      storefrontId,
      storefrontId,
      collections.flatMap((c) => c.trip_ids),
      (site, unknown) => ({ type: 'SetCollections', site: site.facts, unknownTrips: unknown, collections }),
    );
  }

  setHomePlacement(caller: ContentCaller, storefrontId: string, placement: HomePlacement): Promise<Done | Refusal> {
    return this.run(caller, storefrontId, storefrontId, [...placement.featured, ...placement.hidden], (site, unknown) => ({
      type: 'SetHomePlacement',
      site: site.facts,
      unknownTrips: unknown,
      placement,
    }));
  }

  setPaths(caller: ContentCaller, storefrontId: string, paths: SitePaths): Promise<Done | Refusal> {
    return this.run(caller, storefrontId, storefrontId, [], (site) => ({ type: 'SetSitePaths', site: site.facts, paths }));
  }
}
