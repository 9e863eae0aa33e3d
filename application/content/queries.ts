import { MENU_LOCATIONS, MenuLinkDefinition, SitePaths, defaultPaths, DEFAULT_HOME, tripPath, pagePath } from '../../domain/site-content';
import { notFound } from '../../domain/shared/refusal';
import { CatalogReads, ProductDoc, visibleProducts } from '../../projections/catalog/queries';
import { PRODUCTS } from '../../projections/catalog/doc';
import { ContentReads, PageDoc, SiteDoc } from '../../projections/content/queries';
import type { SellerDoc, StorefrontDoc } from '../platform/context';
import type { DocumentStore } from '../platform/ports/document-store';
import type { Fx } from '../platform/ports/fx';
import { pricer, tripCard } from '../catalog';
import { Card, labelOf, languageOf, localesOf, pageView } from './views';
import { SiteRedirects } from './redirects';

/** Public reads of site content (spec 2.9, 4.1, 4.8 collections): pages, menus, redirects and collections. */
export class ContentQueries {
  private readonly content: ContentReads;
  private readonly catalog: CatalogReads;
  private readonly siteRedirects: SiteRedirects;

  constructor(
    private readonly docs: DocumentStore,
    private readonly fx: Fx,
  ) {
    this.content = new ContentReads(docs);
    this.catalog = new CatalogReads(docs);
    this.siteRedirects = new SiteRedirects(docs);
  }

  private async site(storefront: Readonly<StorefrontDoc>): Promise<Readonly<SiteDoc> | null> {
    return this.content.site(storefront._id);
  }

  private pathsOf(storefront: Readonly<StorefrontDoc>, site: Readonly<SiteDoc> | null): SitePaths {
    return site?.paths ?? defaultPaths(storefront.kind);
  }

  /** The published trips of these ids that the storefront sells. */
  private visible(storefront: Readonly<StorefrontDoc>, ids: string[]): Promise<Readonly<ProductDoc>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.docs.collection<ProductDoc>(PRODUCTS).find({ ...visibleProducts(storefront), _id: { $in: [...new Set(ids)] } });
  }

  private async sellersOf(products: readonly Readonly<ProductDoc>[]): Promise<Map<string, Readonly<SellerDoc>>> {
    const ids = [...new Set(products.map((p) => p.seller_id))];
    const sellers = await Promise.all(ids.map((id) => this.catalog.seller(id)));
    return new Map(sellers.flatMap((s) => (s ? [[s._id, s] as const] : [])));
  }

  /**
   * Cards, in the storefront's display currency, of the trips the page's sections in `language` name
   * and the site sells; each in the asked locale when its trip is published in it (spec 4.2 locale),
   * though the page itself fell back to another language.
   */
  private async cards(storefront: Readonly<StorefrontDoc>, page: Readonly<PageDoc>, language: string, locale: string): Promise<Map<string, Card>> {
    const ids = page.definition.content[language].sections.flatMap((s) => (s.type === 'trips' ? s.trip_ids : []));
    const products = await this.visible(storefront, ids);
    if (products.length === 0) return new Map();
    const fx = this.fx.rate(storefront.display_currency);
    if (!fx) return new Map();
    const p = pricer(storefront, fx);
    const sellers = await this.sellersOf(products);
    return new Map(products.map((product) => [product._id, tripCard(product, sellers.get(product.seller_id), locale, p)]));
  }

  private async answerPage(storefront: Readonly<StorefrontDoc>, page: Readonly<PageDoc> | null, locale: string | undefined) {
    if (!page) return notFound('page');
    const language = languageOf(page.definition.content, locale, storefront);
    const site = await this.site(storefront);
    return pageView(page, language, this.pathsOf(storefront, site), await this.cards(storefront, page, language, locale ?? language));
  }

  /** A published page by slug, in `locale` when it is published in it, else in the storefront's default language. */
  async page(storefront: Readonly<StorefrontDoc>, slug: string, locale: string | undefined) {
    // Page slugs are lowercase (the seller interface takes no other): an asked slug matches whatever its case.
    return this.answerPage(storefront, await this.content.publishedPage(storefront._id, slug.toLowerCase()), locale);
  }

  /** The published pages a sitemap lists: those whose default language is noindex are left out. */
  async pages(storefront: Readonly<StorefrontDoc>) {
    const site = await this.site(storefront);
    const paths = this.pathsOf(storefront, site);
    const pages = await this.content.publishedPages(storefront._id);
    const indexed = pages.filter((p) => !p.definition.content[languageOf(p.definition.content, undefined, storefront)].seo.noindex);
    return { data: indexed.map((p) => ({ slug: p.slug, path: pagePath(paths, p.slug), locales: localesOf(p.definition.content), updated_at: p.updated_at })) };
  }

  /** The header and footer menus, labels in `locale` when translated; links to pages or trips not published here are left out. */
  async menus(storefront: Readonly<StorefrontDoc>, locale: string | undefined) {
    const site = await this.site(storefront);
    const paths = this.pathsOf(storefront, site);
    const entries = MENU_LOCATIONS.flatMap((location) => site?.menus?.[location] ?? []).flatMap((item) => [item, ...item.children]);
    const pageIds = entries.flatMap((e) => ('page' in e.link ? [e.link.page] : []));
    const tripIds = entries.flatMap((e) => ('trip' in e.link ? [e.link.trip] : []));
    const pages = new Map((await this.content.publishedPages(storefront._id)).filter((p) => pageIds.includes(p._id)).map((p) => [p._id, p]));
    const trips = await this.visible(storefront, tripIds);
    const sellers = await this.sellersOf(trips);
    const tripPaths = new Map(trips.map((t) => [t._id, tripPath(paths, { slug: t.slug, seller: sellers.get(t.seller_id)?.slug ?? '' })]));
    const hrefOf = (entry: MenuLinkDefinition): string | null => {
      const link = entry.link;
      if ('href' in link) return link.href;
      if ('page' in link) {
        const page = pages.get(link.page);
        return page ? pagePath(paths, page.slug) : null;
      }
      return tripPaths.get(link.trip) ?? null;
    };
    const resolved = (entry: MenuLinkDefinition) => {
      const href = hrefOf(entry);
      return href === null ? [] : [{ label: labelOf(entry, locale, storefront), href }];
    };
    return MENU_LOCATIONS.map((location) => ({
      location,
      items: (site?.menus?.[location] ?? []).flatMap((item) => resolved(item).map((top) => ({ ...top, children: item.children.flatMap(resolved) }))),
    }));
  }

  /**
   * Where an old path of the site moved, after a slug change or a change of the site's path
   * patterns (redirects.ts). 404 when the path did not move: it is a live path, was never one, or
   * what had it is no longer published here.
   */
  async redirect(storefront: Readonly<StorefrontDoc>, path: string) {
    return (await this.siteRedirects.moved(storefront, await this.site(storefront), path)) ?? notFound('redirect');
  }

  /**
   * A marketplace's collections that have published trips here, names in `locale` when translated, and how
   * many the home shows as rails; a direct storefront has none.
   */
  async collections(storefront: Readonly<StorefrontDoc>, locale: string | undefined) {
    if (storefront.kind !== 'marketplace') return { data: [], home_rails: 0 };
    const site = await this.site(storefront);
    const collections = site?.collections ?? [];
    const visible = new Set(
      (
        await this.visible(
          storefront,
          collections.flatMap((c) => c.trip_ids),
        )
      ).map((p) => p._id),
    );
    const data = collections.flatMap((c) => {
      const tripCount = new Set(c.trip_ids.filter((id) => visible.has(id))).size;
      const language = languageOf(c.name, locale, storefront);
      return tripCount === 0 ? [] : [{ slug: c.slug, name: c.name[language], content_locale: language, trip_count: tripCount }];
    });
    return { data, home_rails: (site?.home ?? DEFAULT_HOME).rails };
  }
}
