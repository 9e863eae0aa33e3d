import type { SellerCaller } from '../../application/seller';
import { operationsFor } from '../kernel/operation';

/** `defineOperation` for the seller interface: its caller is the seller the secret key acts for. */
export const sellerOperation = operationsFor<SellerCaller>();
