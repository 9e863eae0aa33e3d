import { type Refusal, invalidInput, refuse } from '../shared/refusal';

/** The two WebAuthn ceremonies a storefront runs: adding a passkey to a signed-in traveller, and signing in with one. */
export type CeremonyPurpose = 'registration' | 'sign_in';

/**
 * Whatever check failed (unknown, spent or expired challenge, another site's passkey, a removed
 * one, a bad signature, a counter gone backwards), the answer is the same, so a caller learns
 * nothing about which.
 */
export function ceremonyFailed(purpose: CeremonyPurpose): Refusal {
  if (purpose === 'sign_in') return refuse('Unauthenticated', 'the passkey did not sign in: ask for new sign-in options and try again');
  return invalidInput([
    {
      reason: 'passkey_not_verified',
      field: 'response',
      detail: 'the passkey could not be registered: ask for new registration options and try again',
    },
  ]);
}
