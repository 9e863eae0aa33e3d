import type { ProductDoc } from '../../projections/catalog/doc';
import type { StorefrontDoc } from '../platform/context';
import { defineFeature } from '../platform/feature';
import type { DocumentStore } from '../platform/ports/document-store';
import { titleSummaryMatch } from './text-match';
import { IndexSettings, TripIndex } from './trip-index';
import { CatalogViews, SearchQuery, TripSearch } from './trip-search';

export type { CatalogViews, SearchItem, SearchQuery } from './trip-search';
export type { IndexSettings } from './trip-index';

/**
 * Part 4.2 search: typo-tolerant search over the store's in-process index of published trips,
 * shown as the catalog shows them (`views`, handed in by application/features.ts).
 */
export function searchFeature(views: CatalogViews) {
  return defineFeature({
    name: 'search',
    create(platform) {
      const trips = new TripSearch(TripIndex.of(platform.docs), platform.docs, platform.fx, views);
      return {
        search: (storefront: StorefrontDoc, query: SearchQuery) => trips.search(storefront, query),
      };
    },
  });
}

/** Builds the store's search index once the catalog projection has caught up (infra/engine.ts); search is down until then, and for good when switched off. */
export function openSearchIndex(docs: DocumentStore, settings: IndexSettings): Promise<void> {
  return TripIndex.of(docs).open(settings);
}

/**
 * The catalog projection's checkpoint the search index has caught up with, now; null while search
 * is down. Whatever is read from the catalog's documents stays valid while it is the same.
 */
export async function catalogVersion(docs: DocumentStore): Promise<number | null> {
  const index = TripIndex.of(docs);
  return (await index.current()) ? index.version : null;
}

/**
 * Free-text relevance for the trip list's q (spec 4.2), 0 for a trip that does not match. While
 * search is up it comes from the index, where city, stops and categories count as well as title
 * and summary, with typos forgiven; while it is down, from title and summary words alone.
 */
export async function textRelevance(docs: DocumentStore, q: string): Promise<(product: Readonly<ProductDoc>) => number> {
  const index = TripIndex.of(docs);
  if (await index.current()) {
    const scores = index.find(q);
    return (product) => scores.get(product._id) ?? 0;
  }
  const match = titleSummaryMatch(q);
  return (product) => match(product.definition);
}
