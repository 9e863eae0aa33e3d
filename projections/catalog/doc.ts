import type { Doc } from '../../application/platform/ports/document-store';
import type { PickupKind, ProductDefinition } from '../../domain/catalog/definitions';

export type { SellerDoc, StorefrontDoc } from '../../application/platform/context';

/** The catalog read model's collections. */
export const PRODUCTS = 'products';
export const SELLERS = 'sellers';
export const STOREFRONTS = 'storefronts';
export const KEYS = 'keys';

export interface ProductDoc extends Doc {
  seller_id: string;
  published: boolean;
  network: boolean;
  slug: string;
  definition: ProductDefinition;
  from_usd: { amount: number; group_size: number } | null;
  /** Lowercase slugs: what the trip starts at or visits, the city first (place filter), and its stops alone (via). */
  places: string[];
  stops: string[];
  /** The trip's facts the list filters by in the store (domain/catalog/trip-facts.ts). */
  duration: string[];
  style: 'private' | 'shared' | null;
  pickup: PickupKind[];
  confirmation: ('instant' | 'manual')[];
  rating: number | null;
  price: 'shown' | 'ask' | null;
  item_ids?: string[];
  created_position: number;
  updated_at: string;
}

export interface KeyDoc extends Doc {
  kind: 'website' | 'secret';
  key_id: string;
  storefront_id?: string;
  seller_id?: string;
  scopes?: string[];
  revoked: boolean;
  /** Secret keys: the creator's label, the member the key acts for (absent on keys the platform issued) and when. */
  name?: string | null;
  created_by?: string | null;
  created_at?: string;
  /** Website keys: a rotated key works until then. */
  retires_at?: string | null;
}
