import type { Doc } from '../../application/platform/ports/document-store';

/** One document per list: a traveller's saved trips on one storefront. */
export const SAVED_TRIPS = 'saved_trips';

export interface SavedTripEntry {
  product_id: string;
  saved_at: string;
}

export interface SavedTripsDoc extends Doc {
  storefront_id: string;
  email: string;
  /** Newest first, as the list answers them; trips the site no longer sells stay here. */
  trips: SavedTripEntry[];
}

export const savedTripsId = (storefrontId: string, email: string): string => `${storefrontId}/${email}`;
