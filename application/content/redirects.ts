import { SitePaths, defaultPaths, pageOfPath, pagePath, tripOfPath, tripPath } from '../../domain/site-content';
import { CatalogReads, ProductDoc, visibleProducts } from '../../projections/catalog/queries';
import { PRODUCTS } from '../../projections/catalog/doc';
import { ContentReads, SiteDoc } from '../../projections/content/queries';
import { RedirectReads } from '../../projections/redirects/queries';
import type { StorefrontDoc } from '../platform/context';
import type { DocumentStore } from '../platform/ports/document-store';

/** Where an old path moved: what GET /v1/public/redirect answers. */
export interface Moved {
  path: string;
  location: string;
  status: 301;
  entity: 'trip' | 'page';
  id: string;
}

/** What a path names under some path patterns: a trip or a page, still at that slug (live) or moved from it. */
type Found = { entity: 'trip'; trip: Readonly<ProductDoc>; live: boolean } | { entity: 'page'; slug: string; id: string; live: boolean };

/**
 * Old paths of a site: a trip's or a page's after its slug changed, and any path of patterns the
 * site used before its current ones (the defaults, then each set since), which moved to the same
 * trip or page under the current patterns. A path live under the current patterns did not move.
 */
export class SiteRedirects {
  private readonly content: ContentReads;
  private readonly catalog: CatalogReads;
  private readonly redirects: RedirectReads;

  constructor(private readonly docs: DocumentStore) {
    this.content = new ContentReads(docs);
    this.catalog = new CatalogReads(docs);
    this.redirects = new RedirectReads(docs);
  }

  async moved(storefront: Readonly<StorefrontDoc>, site: Readonly<SiteDoc> | null, path: string): Promise<Moved | null> {
    const paths = site?.paths ?? defaultPaths(storefront.kind);
    const now = (await this.tripAt(storefront, paths, path)) ?? (await this.pageAt(storefront, paths, path));
    if (now) return now.live ? null : this.answer(paths, path, now);
    // The newest patterns first: a path two sets of patterns shared goes where the later one meant.
    const former = [...(site?.path_history ?? [])].reverse().concat(defaultPaths(storefront.kind));
    for (const patterns of former) {
      const found =
        (patterns.trip !== paths.trip ? await this.tripAt(storefront, patterns, path) : null) ??
        (patterns.page !== paths.page ? await this.pageAt(storefront, patterns, path) : null);
      if (found) return this.answer(paths, path, found);
    }
    return null;
  }

  private async answer(paths: SitePaths, path: string, found: Found): Promise<Moved> {
    if (found.entity === 'page') return { path, location: pagePath(paths, found.slug), status: 301, entity: 'page', id: found.id };
    const seller = await this.catalog.seller(found.trip.seller_id);
    return { path, location: tripPath(paths, { slug: found.trip.slug, seller: seller?.slug ?? '' }), status: 301, entity: 'trip', id: found.trip._id };
  }

  private async tripAt(storefront: Readonly<StorefrontDoc>, patterns: SitePaths, path: string): Promise<Found | null> {
    // Slugs in a path match whatever their case, as everywhere a slug is taken (the site's patterns take lowercase ones).
    const asked = tripOfPath(patterns, path) ?? tripOfPath(patterns, path.toLowerCase());
    if (!asked) return null;
    const sellerId = asked.seller === null ? null : ((await this.catalog.sellerBySlug(asked.seller))?._id ?? '');
    const ofSeller = (p: { seller_id?: string }) => sellerId === null || p.seller_id === sellerId;
    const visible = visibleProducts(storefront);
    const live = (await this.docs.collection<ProductDoc>(PRODUCTS).find({ ...visible, slug: asked.slug })).find(ofSeller);
    if (live) return { entity: 'trip', trip: live, live: true };
    const former = (await this.redirects.formerTrips(asked.slug)).filter(ofSeller);
    if (former.length === 0) return null;
    const ids = [...new Set(former.map((f) => f.entity_id))];
    const trips = new Map((await this.docs.collection<ProductDoc>(PRODUCTS).find({ ...visible, _id: { $in: ids } })).map((p) => [p._id, p]));
    const trip = former.map((f) => trips.get(f.entity_id)).find((p) => p !== undefined);
    return trip ? { entity: 'trip', trip, live: false } : null;
  }

  private async pageAt(storefront: Readonly<StorefrontDoc>, patterns: SitePaths, path: string): Promise<Found | null> {
    const slug = pageOfPath(patterns, path) ?? pageOfPath(patterns, path.toLowerCase());
    if (slug === null) return null;
    const live = await this.content.publishedPage(storefront._id, slug);
    if (live) return { entity: 'page', slug: live.slug, id: live._id, live: true };
    const [page] = await this.redirects.formerPages(storefront._id, slug);
    return page ? { entity: 'page', slug: page.slug, id: page.entity_id, live: false } : null;
  }
}
