/** Answers of the passkey operations (4.6). The options are WebAuthn's own JSON, as the browser's calls take them. */
import { described, id, nStr, nTimestamp, object, text, timestamp } from '../kernel/answer-schema';
import { Schema, arr, bool, int, ref } from '../kernel/schema';

const base64url = described(text, 'base64url, as WebAuthn JSON carries bytes');

const CredentialDescriptor = object({ id: base64url, type: { const: 'public-key' } }, { transports: arr(text) });

const PasskeyCreationOptions = object(
  {
    challenge: base64url,
    rp: object({ id: described(text, "The rpID: the host of the storefront's site"), name: text }),
    user: object({ id: base64url, name: described(text, "The traveller's email"), displayName: text }),
    pubKeyCredParams: arr(object({ alg: described(int(), 'A COSE algorithm: -8 EdDSA, -7 ES256, -257 RS256'), type: { const: 'public-key' } })),
    timeout: described(int(0), 'Milliseconds: as long as the challenge lasts'),
    excludeCredentials: described(arr(ref('PasskeyCredentialDescriptor')), "The traveller's passkeys already registered here"),
    authenticatorSelection: object({}, { residentKey: text, requireResidentKey: bool, userVerification: text }),
    attestation: { const: 'none' },
  },
  {},
  { description: 'PublicKeyCredentialCreationOptionsJSON: pass it as optionsJSON to startRegistration() of @simplewebauthn/browser' },
);

const PasskeyRequestOptions = object(
  {
    challenge: base64url,
    rpId: described(text, "The host of the storefront's site"),
    timeout: described(int(0), 'Milliseconds: as long as the challenge lasts'),
    userVerification: { const: 'preferred' },
  },
  { allowCredentials: described(arr(ref('PasskeyCredentialDescriptor')), 'Always empty: the traveller picks one of their passkeys for the site') },
  { description: 'PublicKeyCredentialRequestOptionsJSON: pass it as optionsJSON to startAuthentication() of @simplewebauthn/browser' },
);

const expiresAt = described(timestamp, 'The options must be answered before this; each challenge is answered once');

const PasskeyRegistrationOptions = object({ options: ref('PasskeyCreationOptions'), expires_at: expiresAt });

const PasskeySignInOptions = object({ options: ref('PasskeyRequestOptions'), expires_at: expiresAt });

const Passkey = object({
  id,
  name: described(nStr, 'What the traveller called it when registering it, or null'),
  synced: described(bool, "Whether the passkey is synced between the traveller's devices (WebAuthn backup state)"),
  created_at: timestamp,
  last_used_at: described(nTimestamp, 'The last sign-in with it, or null'),
});

const PasskeyList = object({ data: described(arr(ref('Passkey')), 'Newest first') });

const PasskeyRemoved = object({ id, removed: { const: true } });

export const passkeySchemas: Record<string, Schema> = {
  PasskeyCredentialDescriptor: CredentialDescriptor,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  PasskeyRegistrationOptions,
  PasskeySignInOptions,
  Passkey,
  PasskeyList,
  PasskeyRemoved,
};
