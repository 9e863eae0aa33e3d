import type { Doc } from '../../application/platform/ports/document-store';
import type { CollectionDefinition, HomePlacement, MenuItemDefinition, PageDefinition, SitePaths } from '../../domain/site-content';

/** The site content read model's collections: one document per page, one per storefront for the rest. */
export const SITE_PAGES = 'site_pages';
export const SITES = 'sites';

export interface PageDoc extends Doc {
  storefront_id: string;
  slug: string;
  definition: PageDefinition;
  published: boolean;
  /** A deleted page stays as a tombstone: projector writes never remove documents. */
  deleted: boolean;
  created_at: string;
  updated_at: string;
}

/** What a storefront set; a part never set is absent (and its default applies). */
export interface SiteDoc extends Doc {
  menus?: Partial<Record<'header' | 'footer', MenuItemDefinition[]>>;
  collections?: CollectionDefinition[];
  home?: HomePlacement;
  paths?: SitePaths;
  /** Every set of path patterns the site's operators set, oldest first, the current one last. */
  path_history?: SitePaths[];
  updated_at: string;
}
