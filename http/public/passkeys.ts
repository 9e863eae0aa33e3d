import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '../../application/passkeys';
import { isRefusal } from '../../domain/shared/refusal';
import { operationsFor } from '../kernel/operation';
import { uuid } from '../kernel/params';
import { Schema, arr, describes, int, obj, ref, str } from '../kernel/schema';
import { SESSION_COOKIE, type SessionCaller } from '../middleware/traveller-session';

/** Passkey operations: their caller carries the session exchange (the cookie sign-in sets, the client's address). */
const passkeyOperation = operationsFor<SessionCaller>();

const base64url = (maxLength: number) => str({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$', 'x-expected': 'base64url (A-Z, a-z, 0-9, - and _)' });
// WebAuthn allows credential ids of up to 1,023 bytes.
const credentialId = base64url(1400);
const credentialFields = {
  id: credentialId,
  rawId: credentialId,
  type: { type: 'string', const: 'public-key', 'x-expected': 'public-key' } as Schema<'public-key'>,
  authenticatorAttachment: str({ enum: ['platform', 'cross-platform'] }),
  clientExtensionResults: { type: 'object' } as Schema<Record<string, unknown>>,
};
const CREDENTIAL_REQUIRED = ['id', 'rawId', 'type', 'response', 'clientExtensionResults'] as const;
// Browsers may add members to WebAuthn's JSON as the standard grows: the credential's objects stay open.
const open = { additionalProperties: true };

const registrationResponse = describes<RegistrationResponseJSON>()(
  obj(
    {
      ...credentialFields,
      response: obj(
        {
          clientDataJSON: base64url(8000),
          attestationObject: base64url(64_000),
          authenticatorData: base64url(64_000),
          transports: arr(str({ maxLength: 50 }), { maxItems: 10 }),
          publicKeyAlgorithm: int(),
          publicKey: base64url(8000),
        },
        ['clientDataJSON', 'attestationObject'],
        open,
      ),
    },
    CREDENTIAL_REQUIRED,
    open,
  ),
);

const authenticationResponse = describes<AuthenticationResponseJSON>()(
  obj(
    {
      ...credentialFields,
      response: obj(
        { clientDataJSON: base64url(8000), authenticatorData: base64url(8000), signature: base64url(2000), userHandle: base64url(200) },
        ['clientDataJSON', 'authenticatorData', 'signature'],
        open,
      ),
    },
    CREDENTIAL_REQUIRED,
    open,
  ),
);

const RELYING_PARTY =
  "The relying party is the storefront's site: the origin of its manage page (manage_url) when that is an address, else its first allowed origin; " +
  'its host is the rpID, and the ceremony may run on that origin or any allowed origin on a subdomain of it (https, or http://localhost). ' +
  'A storefront without such a site answers 409 Conflict, reason passkeys_not_offered.';
const CHALLENGE = 'Each options answer carries a new challenge, usable once for 5 minutes (expires_at).';
const SIGNED_IN = `Needs the traveller's session (${SESSION_COOKIE} cookie): without a live one of this storefront the answer is 401 Unauthenticated.`;

export const passkeyRegistrationOptions = passkeyOperation({
  id: 'passkeyRegistrationOptions',
  method: 'post',
  path: '/v1/public/auth/passkeys/register/options',
  summary: 'Options to add a passkey',
  description:
    "Options for the browser's navigator.credentials.create() (startRegistration() of @simplewebauthn/browser) to add a passkey to the signed-in traveller's account: " +
    'a discoverable credential (sign-in then needs no email), user verification preferred, "none" attestation, the traveller\'s passkeys on this site excluded. ' +
    `${CHALLENGE} The challenge belongs to this session. ${RELYING_PARTY} A traveller keeps at most 20 passkeys per site: beyond, 409 Conflict, reason passkey_limit_reached. ${SIGNED_IN}`,
  success: { status: 200, description: '{options, expires_at}' },
  response: ref('PasskeyRegistrationOptions'),
  handle: async ({ caller }, app) => app.passkeys.registrationOptions(caller),
});

export const registerPasskey = passkeyOperation({
  id: 'registerPasskey',
  method: 'post',
  path: '/v1/public/auth/passkeys/register/verify',
  summary: 'Add the passkey the browser created',
  description:
    "Registers the browser's answer to the registration options (RegistrationResponseJSON, as startRegistration() gives it) for the session that asked for them. " +
    "The passkey then signs in as the session's email on this storefront only. An answer that does not verify (another challenge, a spent or expired one, another origin or rpID, a bad attestation) " +
    'answers 422 InvalidInput with one problem, reason passkey_not_verified, field response, whatever the cause; the challenge is spent either way. A passkey already registered here answers 409 Conflict, reason passkey_already_registered. ' +
    SIGNED_IN,
  body: obj({ response: registrationResponse, name: str({ minLength: 1, maxLength: 60, 'x-expected': 'a name of 1 to 60 characters, e.g. My phone' }) }, [
    'response',
  ]),
  bodyRequired: true,
  bodyDescription: "{response, name}: response is the browser's RegistrationResponseJSON; name (optional) is what the traveller calls the passkey",
  success: { status: 201, description: 'passkey' },
  response: ref('Passkey'),
  handle: async ({ caller, body }, app) => app.passkeys.register(caller, body.response, body.name ?? null),
});

export const passkeySignInOptions = passkeyOperation({
  id: 'passkeySignInOptions',
  method: 'post',
  path: '/v1/public/auth/passkeys/sign-in/options',
  summary: 'Options to sign in with a passkey',
  description:
    "Options for the browser's navigator.credentials.get() (startAuthentication() of @simplewebauthn/browser): no email asked and no credential named, so the answer tells nothing about who has passkeys. " +
    `${CHALLENGE} ${RELYING_PARTY} Limit: 20 per hour per client address (first X-Forwarded-For entry); beyond, 429 RateLimited with retry_after_seconds and Retry-After.`,
  success: { status: 200, description: '{options, expires_at}' },
  response: ref('PasskeySignInOptions'),
  handle: async ({ caller }, app) => app.passkeys.signInOptions(caller, caller.exchange.clientAddress()),
});

export const signInWithPasskey = passkeyOperation({
  id: 'signInWithPasskey',
  method: 'post',
  path: '/v1/public/auth/passkeys/sign-in/verify',
  summary: 'Sign in with a passkey',
  description:
    "Signs in with the browser's answer to the sign-in options (AuthenticationResponseJSON, as startAuthentication() gives it): the answer sets the session cookie exactly as auth/verify does " +
    `(${SESSION_COOKIE}, HttpOnly, Secure, SameSite=Lax). The passkey must be registered on this storefront and not removed, its signature real and its signature count past the last one seen. ` +
    "Any failure (another challenge, a spent or expired one, another site's passkey, a removed one, a bad signature) answers 401 Unauthenticated alike; the challenge is spent either way.",
  body: obj({ response: authenticationResponse }, ['response']),
  bodyRequired: true,
  bodyDescription: "{response}: the browser's AuthenticationResponseJSON",
  responseHeaders: {
    'Set-Cookie': {
      description: 'The traveller session, as a sign-in link sets it: tp_session=<token>; Max-Age=<seconds>; Path=/; HttpOnly; Secure; SameSite=Lax',
    },
  },
  success: { status: 200, description: '{email, expires_at, return_path: null}; Set-Cookie: tp_session' },
  response: ref('SignedIn'),
  handle: async ({ caller, body }, app) => {
    const signedIn = await app.passkeys.signIn(caller, body.response);
    if (isRefusal(signedIn)) return signedIn;
    caller.exchange.openSession(signedIn.token, signedIn.maxAgeSeconds);
    return { email: signedIn.email, expires_at: signedIn.expiresAt, return_path: null };
  },
});

export const listMyPasskeys = passkeyOperation({
  id: 'listMyPasskeys',
  method: 'get',
  path: '/v1/public/me/passkeys',
  summary: "The traveller's passkeys",
  description: `The signed-in traveller's passkeys on this storefront, newest first (never their keys or credential ids). ${SIGNED_IN}`,
  success: { status: 200, description: '{data: [{id, name, synced, created_at, last_used_at}]}' },
  response: ref('PasskeyList'),
  handle: async ({ caller }, app) => app.passkeys.mine(caller),
});

export const removeMyPasskey = passkeyOperation({
  id: 'removeMyPasskey',
  method: 'delete',
  path: '/v1/public/me/passkeys/{passkeyId}',
  summary: "Remove one of the traveller's passkeys",
  description:
    "Takes the passkey off the traveller's account: it signs no one in any more (sessions it opened stay until they end or are revoked). " +
    `A passkey that is not the traveller's, or already removed, answers 404 NotFound (entity passkey). ${SIGNED_IN}`,
  params: { passkeyId: uuid },
  success: { status: 200, description: '{id, removed: true}' },
  response: ref('PasskeyRemoved'),
  handle: async ({ caller, params }, app) => app.passkeys.remove(caller, params.passkeyId),
});

export const passkeyOperations = [passkeyRegistrationOptions, registerPasskey, passkeySignInOptions, signInWithPasskey, listMyPasskeys, removeMyPasskey];
