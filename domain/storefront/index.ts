import { Decider } from '../shared/decider';
import { StorefrontCommand, decideStorefront } from './decide';
import { Storefront, StorefrontEvent, evolveStorefront, initialStorefront } from './events';

export * from './events';
export * from './decide';

/** A storefront (a seller's site or a marketplace) and its website keys. */
export const storefrontDecider: Decider<StorefrontCommand, StorefrontEvent, Storefront> = {
  initialState: initialStorefront,
  evolve: evolveStorefront,
  decide: decideStorefront,
};

export const storefrontStream = (id: string): string => `storefront-${id}`;
