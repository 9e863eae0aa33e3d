import type { Event } from '../shared/decider';
import type { StorefrontDefinition } from '../catalog/definitions';

/** `definition` is the seller interface's request body, embedded whole in its own (snake_case) shape. */
export type StorefrontCreated = Event<'StorefrontCreated', { storefrontId: string; definition: StorefrontDefinition }>;
export type StorefrontUpdated = Event<'StorefrontUpdated', { storefrontId: string; definition: StorefrontDefinition }>;
export type WebsiteKeyIssued = Event<'WebsiteKeyIssued', { storefrontId: string; keyId: string; keyHash: string }>;
/** A rotated key keeps working until `retiresAt` beside the key that replaced it (spec part 5, 3). */
export type WebsiteKeyRetiring = Event<'WebsiteKeyRetiring', { storefrontId: string; keyId: string; retiresAt: string }>;
export type WebsiteKeyRevoked = Event<'WebsiteKeyRevoked', { storefrontId: string; keyId: string }>;

/** A seller left a marketplace: its trips leave the site, and its requests still waiting there are declined. */
export type SellerLeftMarketplace = Event<'SellerLeftMarketplace', { storefrontId: string; sellerId: string; at: string }>;

export type StorefrontEvent = StorefrontCreated | StorefrontUpdated | WebsiteKeyIssued | WebsiteKeyRetiring | WebsiteKeyRevoked | SellerLeftMarketplace;

export interface Storefront {
  storefrontId: string | null;
  definition: StorefrontDefinition | null;
  /** Keys not revoked, each with when it retires after a rotation (null while it is current). */
  websiteKeys: Readonly<Record<string, { retiresAt: string | null }>>;
}

export const initialStorefront = (): Storefront => ({ storefrontId: null, definition: null, websiteKeys: {} });

export function evolveStorefront(state: Storefront, event: StorefrontEvent): Storefront {
  switch (event.type) {
    case 'StorefrontCreated':
    case 'StorefrontUpdated':
      return { ...state, storefrontId: event.data.storefrontId, definition: event.data.definition };
    case 'WebsiteKeyIssued':
      return { ...state, websiteKeys: { ...state.websiteKeys, [event.data.keyId]: { retiresAt: null } } };
    case 'WebsiteKeyRetiring':
      return { ...state, websiteKeys: { ...state.websiteKeys, [event.data.keyId]: { retiresAt: event.data.retiresAt } } };
    case 'SellerLeftMarketplace': {
      if (!state.definition) return state;
      const members = state.definition.member_seller_ids.filter((id) => id !== event.data.sellerId);
      return { ...state, definition: { ...state.definition, member_seller_ids: members } };
    }
    case 'WebsiteKeyRevoked': {
      const { [event.data.keyId]: _revoked, ...websiteKeys } = state.websiteKeys;
      return { ...state, websiteKeys };
    }
  }
}
