import type { CollectionDefinition, HomePlacement, MenuItemDefinition, MenuLocation, PageDefinition, SitePaths } from '../../domain/site-content';
import { isRefusal, type Refusal } from '../../domain/shared/refusal';
import { contentProjector } from '../../projections/content/projector';
import { redirectsProjector } from '../../projections/redirects/projector';
import type { StorefrontDoc } from '../platform/context';
import { defineFeature } from '../platform/feature';
import type { Platform } from '../platform/platform';
import { SiteContentService, type Done } from './commands';
import { ContentQueries } from './queries';
import { SellerContentQueries } from './seller-queries';
import type { ContentCaller } from './site';

export { SiteContentService } from './commands';
export type { ContentCaller } from './site';

/**
 * Site content (spec 2.9, 4.1 and the collections of 4.8): pages, menus, redirects after a slug
 * change, and a marketplace's collections and home placement; read by the website key, written by
 * the site's operator through the seller interface (content:read, content:write).
 */
export const contentFeature = defineFeature({
  name: 'content',
  projectors: [contentProjector, redirectsProjector],
  create(platform: Platform) {
    const queries = new ContentQueries(platform.docs, platform.fx);
    const seller = new SellerContentQueries(platform.docs);
    const commands = new SiteContentService(platform.commands, platform.clock, platform.docs);
    /** After a command: wait for the projections, then answer what it changed as it now stands. */
    const after = async <T>(done: Done | Refusal, answer: (done: Done) => Promise<T>): Promise<T | Refusal> => {
      if (isRefusal(done)) return done;
      await platform.awaitProjections(done.position);
      return answer(done);
    };
    return {
      page: (storefront: StorefrontDoc, slug: string, locale?: string) => queries.page(storefront, slug, locale),
      pages: (storefront: StorefrontDoc) => queries.pages(storefront),
      menus: (storefront: StorefrontDoc, locale?: string) => queries.menus(storefront, locale),
      redirect: (storefront: StorefrontDoc, path: string) => queries.redirect(storefront, path),
      collections: (storefront: StorefrontDoc, locale?: string) => queries.collections(storefront, locale),

      storefronts: (caller: ContentCaller) => seller.storefronts(caller),
      sellerPages: (caller: ContentCaller, storefrontId: string) => seller.pages(caller, storefrontId),
      sellerPage: (caller: ContentCaller, storefrontId: string, pageId: string) => seller.page(caller, storefrontId, pageId),
      createPage: async (caller: ContentCaller, storefrontId: string, definition: PageDefinition) =>
        after(await commands.createPage(caller, storefrontId, platform.ids.uuid(), definition), (d) => seller.page(caller, storefrontId, d.id)),
      replacePage: async (caller: ContentCaller, storefrontId: string, pageId: string, definition: PageDefinition) =>
        after(await commands.replacePage(caller, storefrontId, pageId, definition), (d) => seller.page(caller, storefrontId, d.id)),
      publishPage: async (caller: ContentCaller, storefrontId: string, pageId: string, publish: boolean) =>
        after(await commands.publishPage(caller, storefrontId, pageId, publish), (d) => seller.page(caller, storefrontId, d.id)),
      deletePage: async (caller: ContentCaller, storefrontId: string, pageId: string) =>
        after(await commands.deletePage(caller, storefrontId, pageId), async (d) => ({ id: d.id, deleted: true })),
      sellerMenus: (caller: ContentCaller, storefrontId: string) => seller.menus(caller, storefrontId),
      setMenu: async (caller: ContentCaller, storefrontId: string, location: MenuLocation, items: MenuItemDefinition[]) =>
        after(await commands.setMenu(caller, storefrontId, location, items), async () => ({ location, items })),
      sellerCollections: (caller: ContentCaller, storefrontId: string) => seller.collections(caller, storefrontId),
      setCollections: async (caller: ContentCaller, storefrontId: string, collections: CollectionDefinition[]) =>
        after(await commands.setCollections(caller, storefrontId, collections), () => seller.collections(caller, storefrontId)),
      sellerHome: (caller: ContentCaller, storefrontId: string) => seller.home(caller, storefrontId),
      setHome: async (caller: ContentCaller, storefrontId: string, placement: HomePlacement) =>
        after(await commands.setHomePlacement(caller, storefrontId, placement), () => seller.home(caller, storefrontId)),
      sellerPaths: (caller: ContentCaller, storefrontId: string) => seller.sitePaths(caller, storefrontId),
      setPaths: async (caller: ContentCaller, storefrontId: string, paths: SitePaths) =>
        after(await commands.setPaths(caller, storefrontId, paths), () => seller.sitePaths(caller, storefrontId)),
    };
  },
});
