import type { Decider } from '../shared/decider';
import { type PasskeyCommand, decidePasskey } from './decide';
import { type Passkey, type PasskeyEvent, evolvePasskey, initialPasskey } from './events';

export * from './ceremony';
export * from './challenge';
export * from './decide';
export * from './events';
export * from './relying-party';

/**
 * One passkey of one storefront (stream passkey-<passkeyId>, the id derived from the storefront
 * and the credential id, so a sign-in finds its stream without a lookup and a credential is
 * registered once per site). Beside it: passkey-challenge-<digest>, one per ceremony's options.
 */
export const passkeyDecider: Decider<PasskeyCommand, PasskeyEvent, Passkey> = {
  initialState: initialPasskey,
  evolve: evolvePasskey,
  decide: decidePasskey,
};

export const passkeyStream = (passkeyId: string): string => `passkey-${passkeyId}`;
