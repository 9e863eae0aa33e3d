import { Refusal, conflict } from '../shared/refusal';
import type { IdempotencyEvent, IdempotencyKey, RequestKind } from './events';

export type ClaimKey = { type: 'ClaimKey'; kind: RequestKind; requestHash: string; ref: string };

/** The same request again gets the first result (nothing to append); another request under the same key a 409. */
export function claimKey(command: ClaimKey, state: IdempotencyKey): IdempotencyEvent[] | Refusal {
  if (state.claimed === null) {
    return [{ type: 'IdempotencyKeyClaimed', data: { kind: command.kind, requestHash: command.requestHash, ref: command.ref } }];
  }
  if (state.claimed.kind === command.kind && state.claimed.requestHash === command.requestHash) return [];
  return conflict('idempotency_key_reused', 'this Idempotency-Key was used for a different request');
}
