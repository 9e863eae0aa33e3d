import type { Doc } from '../../application/platform/ports/document-store';

/** The redirects read model's collection: the slugs each trip and page has had. */
export const REDIRECTS = 'redirects';

/** `_id` is `trip:<productId>` or `page:<pageId>`. */
export interface RedirectDoc extends Doc {
  entity: 'trip' | 'page';
  entity_id: string;
  /** The trip's seller; absent on pages. */
  seller_id?: string;
  /** The page's storefront; absent on trips (a trip is on every storefront that sells it). */
  storefront_id?: string;
  /** The slug it has now. */
  slug: string;
  /** Every slug it has had, the current one included. */
  slugs: string[];
  /** Log position of its latest definition: of several that once had a slug, the latest to change wins. */
  changed_position: number;
  /** Pages only: published and not deleted. */
  live?: boolean;
}
