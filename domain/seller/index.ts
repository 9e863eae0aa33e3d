import { Decider } from '../shared/decider';
import { SellerCommand, decideSeller } from './decide';
import { Seller, SellerEvent, evolveSeller, initialSeller } from './events';

export * from './events';
export * from './decide';

/** A seller and the secret keys of its team. */
export const sellerDecider: Decider<SellerCommand, SellerEvent, Seller> = {
  initialState: initialSeller,
  evolve: evolveSeller,
  decide: decideSeller,
};

export const sellerStream = (id: string): string => `seller-${id}`;
