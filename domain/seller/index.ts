import { Decider } from '../shared/decider';
import { SellerCommand, decideSeller } from './decide';
import { Seller, SellerEvent, evolveSeller, initialSeller } from './events';

export * from './events';
export * from './decide';
export * from './hours';

/** A seller, the secret keys of its team, and whether the platform flagged it for attention. */
export const sellerDecider: Decider<SellerCommand, SellerEvent, Seller> = {
  initialState: initialSeller,
  evolve: evolveSeller,
  decide: decideSeller,
};

export const sellerStream = (id: string): string => `seller-${id}`;
