import type { Event } from '../shared/decider';
import type { StorefrontDefinition } from '../catalog/definitions';

/** `definition` is the seller interface's request body, embedded whole in its own (snake_case) shape. */
export type StorefrontCreated = Event<'StorefrontCreated', { storefrontId: string; definition: StorefrontDefinition }>;
export type StorefrontUpdated = Event<'StorefrontUpdated', { storefrontId: string; definition: StorefrontDefinition }>;
export type WebsiteKeyIssued = Event<'WebsiteKeyIssued', { storefrontId: string; keyId: string; keyHash: string }>;

export type StorefrontEvent = StorefrontCreated | StorefrontUpdated | WebsiteKeyIssued;

export interface Storefront {
  storefrontId: string | null;
}

export const initialStorefront = (): Storefront => ({ storefrontId: null });

export function evolveStorefront(state: Storefront, event: StorefrontEvent): Storefront {
  return event.type === 'StorefrontCreated' ? { storefrontId: event.data.storefrontId } : state;
}
