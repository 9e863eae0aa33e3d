import type { Event } from '../shared/decider';

export type RequestKind = 'hold' | 'checkout';

/**
 * One Idempotency-Key of one storefront, shared by holds and checkouts (spec part 8): the first
 * request claims it, with a fingerprint of the request and the ref it made.
 */
export type IdempotencyKeyClaimed = Event<'IdempotencyKeyClaimed', { kind: RequestKind; requestHash: string; ref: string }>;

export type IdempotencyEvent = IdempotencyKeyClaimed;

export type IdempotencyKey = { claimed: null } | { claimed: IdempotencyKeyClaimed['data'] };

export const initialIdempotencyKey = (): IdempotencyKey => ({ claimed: null });

export function evolveIdempotencyKey(_state: IdempotencyKey, event: IdempotencyEvent): IdempotencyKey {
  return { claimed: event.data };
}
