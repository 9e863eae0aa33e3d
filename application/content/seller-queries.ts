import { DEFAULT_HOME, MENU_LOCATIONS, defaultPaths } from '../../domain/site-content';
import { Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import { CatalogReads } from '../../projections/catalog/queries';
import { STOREFRONTS } from '../../projections/catalog/doc';
import { ContentReads } from '../../projections/content/queries';
import type { StorefrontDoc } from '../platform/context';
import type { DocumentStore } from '../platform/ports/document-store';
import { ContentCaller, OperatedSite, operatedSite } from './site';
import { SellerCollectionsView, SellerHomeView, SellerMenuView, SellerPageView, sellerPageView } from './views';

/** The operator's reads of its sites' content, as it set it (definitions, unpublished pages included). */
export class SellerContentQueries {
  private readonly content: ContentReads;
  private readonly catalog: CatalogReads;

  constructor(private readonly docs: DocumentStore) {
    this.content = new ContentReads(docs);
    this.catalog = new CatalogReads(docs);
  }

  private async read<T>(caller: ContentCaller, storefrontId: string, answer: (site: OperatedSite) => Promise<T>): Promise<T | Refusal> {
    const site = await operatedSite(this.catalog, caller, storefrontId, 'content:read');
    return isRefusal(site) ? site : answer(site);
  }

  /** The storefronts whose content the caller's seller runs. */
  async storefronts(caller: ContentCaller) {
    const all = await this.docs.collection<StorefrontDoc>(STOREFRONTS).find({ $or: [{ seller_id: caller.sellerId }, { operator_seller_id: caller.sellerId }] });
    const operated = all.filter((s) => (s.kind === 'direct' ? s.seller_id : s.operator_seller_id) === caller.sellerId);
    return {
      data: operated.map((s) => ({ id: s._id, kind: s.kind, name: s.name, languages: s.languages, default_language: s.default_language })),
    };
  }

  pages(caller: ContentCaller, storefrontId: string): Promise<{ data: SellerPageView[] } | Refusal> {
    return this.read(caller, storefrontId, async (site) => {
      const paths = await this.paths(site);
      return { data: (await this.content.pages(storefrontId)).map((p) => sellerPageView(p, paths)) };
    });
  }

  page(caller: ContentCaller, storefrontId: string, pageId: string): Promise<SellerPageView | Refusal> {
    return this.read(caller, storefrontId, async (site) => {
      const page = await this.content.page(storefrontId, pageId);
      return page ? sellerPageView(page, await this.paths(site)) : notFound('page');
    });
  }

  menus(caller: ContentCaller, storefrontId: string): Promise<SellerMenuView[] | Refusal> {
    return this.read(caller, storefrontId, async () => {
      const site = await this.content.site(storefrontId);
      return MENU_LOCATIONS.map((location) => ({ location, items: site?.menus?.[location] ?? [] }));
    });
  }

  collections(caller: ContentCaller, storefrontId: string): Promise<SellerCollectionsView | Refusal> {
    return this.read(caller, storefrontId, async () => ({ collections: (await this.content.site(storefrontId))?.collections ?? [] }));
  }

  home(caller: ContentCaller, storefrontId: string): Promise<SellerHomeView | Refusal> {
    return this.read(caller, storefrontId, async () => (await this.content.site(storefrontId))?.home ?? DEFAULT_HOME);
  }

  sitePaths(caller: ContentCaller, storefrontId: string) {
    return this.read(caller, storefrontId, (site) => this.paths(site));
  }

  private async paths(site: OperatedSite) {
    return (await this.content.site(site.storefront._id))?.paths ?? defaultPaths(site.storefront.kind);
  }
}
