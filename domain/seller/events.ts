import type { Event } from '../shared/decider';
import type { SellerDefinition } from '../catalog/definitions';

/** `definition` is the seller interface's request body, embedded whole in its own (snake_case) shape. */
export type SellerCreated = Event<'SellerCreated', { sellerId: string; definition: SellerDefinition }>;
/**
 * `createdBy` is the team member the key acts for (absent on keys the platform issued before teams:
 * those act for the seller with their scopes until revoked); `name` is the creator's label for it.
 */
export type SecretKeyIssued = Event<
  'SecretKeyIssued',
  { sellerId: string; keyId: string; keyHash: string; scopes: string[]; name?: string; createdBy?: string }
>;
export type SecretKeyRevoked = Event<'SecretKeyRevoked', { sellerId: string; keyId: string }>;
/** The platform's staff flag a seller that needs their attention; `reason` is their own note, never shown to travellers. */
export type SellerFlaggedForAttention = Event<'SellerFlaggedForAttention', { sellerId: string; reason: string }>;
export type SellerAttentionCleared = Event<'SellerAttentionCleared', { sellerId: string }>;

/** The platform suspended a seller: its own site takes no new holds or checkouts; bookings made keep working. */
export type SellerSuspended = Event<'SellerSuspended', { sellerId: string; reason: string; at: string }>;
export type SellerReinstated = Event<'SellerReinstated', { sellerId: string; at: string }>;

export type SellerEvent =
  SellerCreated | SecretKeyIssued | SecretKeyRevoked | SellerFlaggedForAttention | SellerAttentionCleared | SellerSuspended | SellerReinstated;

export interface Seller {
  sellerId: string | null;
  keys: string[];
  needsAttention: boolean;
  suspended: boolean;
}

export const initialSeller = (): Seller => ({ sellerId: null, keys: [], needsAttention: false, suspended: false });

export function evolveSeller(state: Seller, event: SellerEvent): Seller {
  switch (event.type) {
    case 'SellerCreated':
      return { ...state, sellerId: event.data.sellerId };
    case 'SecretKeyIssued':
      return { ...state, keys: [...state.keys, event.data.keyId] };
    case 'SecretKeyRevoked':
      return { ...state, keys: state.keys.filter((k) => k !== event.data.keyId) };
    case 'SellerFlaggedForAttention':
      return { ...state, needsAttention: true };
    case 'SellerAttentionCleared':
      return { ...state, needsAttention: false };
    case 'SellerSuspended':
      return { ...state, suspended: true };
    case 'SellerReinstated':
      return { ...state, suspended: false };
  }
}
