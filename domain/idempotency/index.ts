import { Decider } from '../shared/decider';
import { ClaimKey, claimKey } from './decide';
import { IdempotencyEvent, IdempotencyKey, evolveIdempotencyKey, initialIdempotencyKey } from './events';

export * from './events';
export * from './decide';

export const idempotencyDecider: Decider<ClaimKey, IdempotencyEvent, IdempotencyKey> = {
  initialState: initialIdempotencyKey,
  evolve: evolveIdempotencyKey,
  decide: claimKey,
};

export const idempotencyStream = (storefrontId: string, keyHash: string): string => `idempotency-${storefrontId}-${keyHash}`;
