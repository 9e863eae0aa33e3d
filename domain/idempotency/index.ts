import { Decider } from '../shared/decider';
import { Refusal, conflict } from '../shared/refusal';

/**
 * One Idempotency-Key of one storefront, shared by holds and checkouts (spec part 8):
 * the first request claims it; the same request again gets the first result, another
 * request under the same key a 409.
 */
export type IdempotencyEvent = { type: 'IdempotencyKeyClaimed'; data: { kind: 'hold' | 'checkout'; requestHash: string; ref: string } };

export type IdempotencyKey = { claimed: null } | { claimed: IdempotencyEvent['data'] };

export type ClaimKey = { type: 'ClaimKey'; kind: 'hold' | 'checkout'; requestHash: string; ref: string };

export const idempotencyDecider: Decider<ClaimKey, IdempotencyEvent, IdempotencyKey> = {
  initialState: () => ({ claimed: null }),
  evolve: (_state, event) => ({ claimed: event.data }),
  decide(command, state): IdempotencyEvent[] | Refusal {
    if (state.claimed === null) {
      return [{ type: 'IdempotencyKeyClaimed', data: { kind: command.kind, requestHash: command.requestHash, ref: command.ref } }];
    }
    if (state.claimed.kind === command.kind && state.claimed.requestHash === command.requestHash) return [];
    return conflict('idempotency_key_reused', 'this Idempotency-Key was used for a different request');
  },
};

export const idempotencyStream = (storefrontId: string, keyHash: string): string => `idempotency-${storefrontId}-${keyHash}`;
