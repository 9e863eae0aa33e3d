import type { DocumentStore } from '../../application/platform/ports/document-store';
import { REDIRECTS, RedirectDoc } from './doc';

export type { RedirectDoc } from './doc';

/** Trips and pages that once had a slug and have another now, the latest to change first. */
export class RedirectReads {
  constructor(private readonly docs: DocumentStore) {}

  formerTrips(slug: string): Promise<Readonly<RedirectDoc>[]> {
    return this.docs.collection<RedirectDoc>(REDIRECTS).find({ slugs: slug, entity: 'trip', slug: { $ne: slug } }, { sort: { changed_position: -1 } });
  }

  formerPages(storefrontId: string, slug: string): Promise<Readonly<RedirectDoc>[]> {
    return this.docs
      .collection<RedirectDoc>(REDIRECTS)
      .find({ slugs: slug, entity: 'page', storefront_id: storefrontId, live: true, slug: { $ne: slug } }, { sort: { changed_position: -1 } });
  }
}
