import {
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  generateRegistrationOptions,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { ceremonyFailed, passkeyDecider, passkeyStream } from '../../domain/passkey';
import { type Refusal, conflict, isRefusal } from '../../domain/shared/refusal';
import { activePasskeys } from '../../projections/passkeys/queries';
import type { StorefrontContext } from '../platform/context';
import { requireTraveller } from '../traveller-account';
import { CHALLENGE_MS, type CeremonyOptions, type PasskeyDeps, issueChallenge, metadata, passkeyIdOf, siteOf, spendChallenge, userHandleOf } from './ceremony';
import { type PasskeyView, passkeyView } from './my-passkeys';

/** Enough for every device a traveller owns; the list stays short. */
export const PASSKEYS_PER_TRAVELLER = 20;

/**
 * Options to create a passkey for the signed-in traveller: a discoverable credential (so sign-in
 * needs no email), user verification preferred, none of their passkeys offered again.
 */
export async function registrationOptions(
  deps: PasskeyDeps,
  caller: StorefrontContext,
): Promise<CeremonyOptions<PublicKeyCredentialCreationOptionsJSON> | Refusal> {
  const traveller = requireTraveller(caller);
  if (isRefusal(traveller)) return traveller;
  const site = siteOf(caller);
  if (isRefusal(site)) return site;
  const mine = await activePasskeys(deps.docs, caller.storefront._id, traveller.email);
  if (mine.length >= PASSKEYS_PER_TRAVELLER) {
    return conflict('passkey_limit_reached', `a traveller keeps at most ${PASSKEYS_PER_TRAVELLER} passkeys on a site: remove one first`, {
      limit: PASSKEYS_PER_TRAVELLER,
    });
  }
  const issued = await issueChallenge(deps, caller, 'registration', traveller);
  if (isRefusal(issued)) return issued;
  const options = await generateRegistrationOptions({
    rpName: site.name,
    rpID: site.id,
    userName: traveller.email,
    userDisplayName: traveller.email,
    userID: userHandleOf(caller.storefront._id, traveller.email),
    challenge: new Uint8Array(Buffer.from(issued.challenge, 'base64url')),
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: mine.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { options, expires_at: issued.expiresAt };
}

/**
 * Registers the passkey the browser created with those options, for the session that asked for
 * them. The signature scheme, origin, rpID and challenge are checked by @simplewebauthn/server;
 * "none" attestation is all a storefront asks for.
 */
export async function registerPasskey(
  deps: PasskeyDeps,
  caller: StorefrontContext,
  response: RegistrationResponseJSON,
  name: string | null,
): Promise<PasskeyView | Refusal> {
  const traveller = requireTraveller(caller);
  if (isRefusal(traveller)) return traveller;
  const site = siteOf(caller);
  if (isRefusal(site)) return site;
  const challenge = await spendChallenge(deps, caller, response.response.clientDataJSON, 'registration', traveller.sessionId);
  if (isRefusal(challenge)) return challenge;
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: site.origins,
      expectedRPID: site.id,
      requireUserVerification: false,
    });
  } catch {
    return ceremonyFailed('registration');
  }
  if (!verified.verified) return ceremonyFailed('registration');
  const { credential, aaguid, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  const passkeyId = passkeyIdOf(caller.storefront._id, credential.id);
  const now = deps.clock.now().toISOString();
  const handled = await deps.commands.handle(
    passkeyStream(passkeyId),
    passkeyDecider,
    {
      type: 'RegisterPasskey',
      passkey: {
        passkeyId,
        storefrontId: caller.storefront._id,
        email: traveller.email,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        aaguid,
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name,
        registeredAt: now,
      },
    },
    metadata(deps, caller),
  );
  if (isRefusal(handled)) return handled;
  await deps.awaitProjections(handled.position);
  return passkeyView({
    _id: passkeyId,
    storefront_id: caller.storefront._id,
    email: traveller.email,
    credential_id: credential.id,
    transports: credential.transports ?? [],
    name,
    device_type: credentialDeviceType,
    backed_up: credentialBackedUp,
    created_at: now,
    last_used_at: null,
    removed: false,
  });
}
