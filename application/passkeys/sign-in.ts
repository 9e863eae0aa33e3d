import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { ceremonyFailed, passkeyDecider, passkeyStream } from '../../domain/passkey';
import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import type { StorefrontContext } from '../platform/context';
import { type OpenedSession, countAddressAttempt, openSession } from '../traveller-account';
import { CHALLENGE_MS, type CeremonyOptions, type PasskeyDeps, issueChallenge, metadata, passkeyIdOf, siteOf, spendChallenge, userHandleOf } from './ceremony';

/**
 * Options to sign in with a passkey (spec 4.6; 20 an hour per client address, spec part 8). No
 * email is asked and no credential named: the traveller picks one of their passkeys for the site,
 * so the answer tells nothing about who has passkeys.
 */
export async function signInOptions(
  deps: PasskeyDeps,
  caller: StorefrontContext,
  address: string,
): Promise<CeremonyOptions<PublicKeyCredentialRequestOptionsJSON> | Refusal> {
  const site = siteOf(caller);
  if (isRefusal(site)) return site;
  const limited = await countAddressAttempt(deps, caller, address, 'passkey');
  if (limited) return limited;
  const issued = await issueChallenge(deps, caller, 'sign_in', null);
  if (isRefusal(issued)) return issued;
  const options = await generateAuthenticationOptions({
    rpID: site.id,
    challenge: new Uint8Array(Buffer.from(issued.challenge, 'base64url')),
    timeout: CHALLENGE_MS,
    userVerification: 'preferred',
    allowCredentials: [],
  });
  return { options, expires_at: issued.expiresAt };
}

/**
 * Signs in with the passkey's answer to those options and opens a session exactly as an emailed
 * link does. The challenge is spent first; the passkey must be an active one of this storefront,
 * its signature real (@simplewebauthn/server) and its count past the last one seen. Any failure
 * answers the same 401.
 */
export async function signInWithPasskey(deps: PasskeyDeps, caller: StorefrontContext, response: AuthenticationResponseJSON): Promise<OpenedSession | Refusal> {
  const site = siteOf(caller);
  if (isRefusal(site)) return site;
  const storefrontId = caller.storefront._id;
  const challenge = await spendChallenge(deps, caller, response.response.clientDataJSON, 'sign_in', null);
  if (isRefusal(challenge)) return challenge;
  const stream = passkeyStream(passkeyIdOf(storefrontId, response.id));
  const { state } = await deps.commands.load(stream, passkeyDecider);
  if (state.status !== 'active' || state.storefrontId !== storefrontId) return ceremonyFailed('sign_in');
  const userHandle = response.response.userHandle;
  if (userHandle !== undefined && userHandle !== Buffer.from(userHandleOf(storefrontId, state.email)).toString('base64url')) return ceremonyFailed('sign_in');
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: site.origins,
      expectedRPID: site.id,
      credential: {
        id: state.credentialId,
        publicKey: new Uint8Array(Buffer.from(state.publicKey, 'base64url')),
        counter: state.counter,
        transports: state.transports,
      },
      requireUserVerification: false,
    });
  } catch {
    return ceremonyFailed('sign_in');
  }
  if (!verified.verified) return ceremonyFailed('sign_in');
  const used = await deps.commands.handle(
    stream,
    passkeyDecider,
    {
      type: 'SignInWithPasskey',
      storefrontId,
      counter: verified.authenticationInfo.newCounter,
      backedUp: verified.authenticationInfo.credentialBackedUp,
      now: deps.clock.now().toISOString(),
    },
    metadata(deps, caller),
  );
  if (isRefusal(used)) return used;
  return openSession(deps, caller, state.email, 'passkey');
}
