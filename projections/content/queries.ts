import type { DocumentStore } from '../../application/platform/ports/document-store';
import { PageDoc, SITE_PAGES, SITES, SiteDoc } from './doc';

export type { PageDoc, SiteDoc } from './doc';

/** Lookups in the site content read model, always within one storefront. */
export class ContentReads {
  constructor(private readonly docs: DocumentStore) {}

  site(storefrontId: string): Promise<Readonly<SiteDoc> | null> {
    return this.docs.collection<SiteDoc>(SITES).findOne({ _id: storefrontId });
  }

  /** A page of the storefront that is not deleted, by id. */
  async page(storefrontId: string, pageId: string): Promise<Readonly<PageDoc> | null> {
    const page = await this.docs.collection<PageDoc>(SITE_PAGES).findOne({ _id: pageId });
    return page && page.storefront_id === storefrontId && !page.deleted ? page : null;
  }

  /** Every page of the storefront that is not deleted, by slug. */
  pages(storefrontId: string): Promise<Readonly<PageDoc>[]> {
    return this.docs.collection<PageDoc>(SITE_PAGES).find({ storefront_id: storefrontId, deleted: false }, { sort: { slug: 1 } });
  }

  publishedPages(storefrontId: string): Promise<Readonly<PageDoc>[]> {
    return this.docs.collection<PageDoc>(SITE_PAGES).find({ storefront_id: storefrontId, published: true }, { sort: { slug: 1 } });
  }

  publishedPage(storefrontId: string, slug: string): Promise<Readonly<PageDoc> | null> {
    return this.docs.collection<PageDoc>(SITE_PAGES).findOne({ slug, storefront_id: storefrontId, published: true });
  }
}
