import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { passkeysProjector } from '../../projections/passkeys/projector';
import type { StorefrontContext } from '../platform/context';
import { defineFeature } from '../platform/feature';
import { myPasskeys, removePasskey } from './my-passkeys';
import { registerPasskey, registrationOptions } from './registration';
import { signInOptions, signInWithPasskey } from './sign-in';

/** What the browser's WebAuthn calls answer, as @simplewebauthn/browser sends them. */
export type { AuthenticationResponseJSON, RegistrationResponseJSON };
export type { PasskeyView } from './my-passkeys';
export { PASSKEYS_PER_TRAVELLER } from './registration';

/**
 * Spec 4.6: passkeys. A signed-in traveller registers passkeys, lists and removes them; anyone
 * signs in with one (WebAuthn, verified by @simplewebauthn/server), which opens a session as an
 * emailed link does.
 */
export const passkeysFeature = defineFeature({
  name: 'passkeys',
  projectors: [passkeysProjector],
  create(platform) {
    return {
      registrationOptions: (caller: StorefrontContext) => registrationOptions(platform, caller),
      register: (caller: StorefrontContext, response: RegistrationResponseJSON, name: string | null) => registerPasskey(platform, caller, response, name),
      signInOptions: (caller: StorefrontContext, address: string) => signInOptions(platform, caller, address),
      signIn: (caller: StorefrontContext, response: AuthenticationResponseJSON) => signInWithPasskey(platform, caller, response),
      mine: (caller: StorefrontContext) => myPasskeys(platform, caller),
      remove: (caller: StorefrontContext, passkeyId: string) => removePasskey(platform, caller, passkeyId),
    };
  },
});
