import { createHash } from 'node:crypto';
import {
  type CeremonyPurpose,
  CHALLENGE_MINUTES,
  type RelyingParty,
  ceremonyFailed,
  passkeyChallengeDecider,
  passkeyChallengeStream,
  relyingParty,
} from '../../domain/passkey';
import { type Refusal, conflict, isRefusal } from '../../domain/shared/refusal';
import type { StorefrontContext } from '../platform/context';
import type { EventMetadata } from '../platform/ports/event-store';
import type { Platform } from '../platform/platform';
import { secretHash, uuidFromName } from '../platform/secrets';

export type PasskeyDeps = Pick<Platform, 'commands' | 'clock' | 'ids' | 'docs' | 'settings' | 'awaitProjections'>;

/** Options for the browser's WebAuthn call, and until when they may be answered. */
export interface CeremonyOptions<O> {
  options: O;
  expires_at: string;
}

export const CHALLENGE_MS = CHALLENGE_MINUTES * 60_000;

export function metadata(deps: Pick<Platform, 'clock'>, caller: StorefrontContext): EventMetadata {
  return { correlationId: caller.correlationId, causationId: caller.correlationId, storefrontId: caller.storefront._id, at: deps.clock.now().toISOString() };
}

/** The storefront's relying party, or why it offers no passkeys. */
export function siteOf(caller: StorefrontContext): RelyingParty | Refusal {
  return (
    relyingParty(caller.storefront) ??
    conflict(
      'passkeys_not_offered',
      'this storefront offers no passkeys: its allowed origins name no https site (the first https origin, or http://localhost, is where passkeys work)',
    )
  );
}

/** A passkey's id: one per credential and storefront, so a sign-in finds the passkey's stream from what the browser sends. */
export const passkeyIdOf = (storefrontId: string, credentialId: string): string => uuidFromName(`passkey:${storefrontId}:${credentialId}`);

/**
 * WebAuthn's user handle of a traveller on a storefront: the same for every passkey of the email
 * there, so an authenticator keeps one passkey per traveller and site, and a sign-in can check it.
 */
export const userHandleOf = (storefrontId: string, email: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(createHash('sha256').update(`passkey-user:${storefrontId}:${email}`).digest());

/** A fresh challenge (192 random bits) for options, recorded under its digest; answers the challenge as the options carry it. */
export async function issueChallenge(
  deps: PasskeyDeps,
  caller: StorefrontContext,
  purpose: CeremonyPurpose,
  session: { sessionId: string; email: string } | null,
): Promise<{ challenge: string; expiresAt: string } | Refusal> {
  const challenge = Buffer.from(deps.ids.token(), 'utf8').toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MS).toISOString();
  const issued = await deps.commands.handle(
    passkeyChallengeStream(secretHash(challenge)),
    passkeyChallengeDecider,
    {
      type: 'IssueChallenge',
      purpose,
      storefrontId: caller.storefront._id,
      sessionId: session?.sessionId ?? null,
      email: session?.email ?? null,
      expiresAt,
      now: now.toISOString(),
    },
    metadata(deps, caller),
  );
  return isRefusal(issued) ? issued : { challenge, expiresAt };
}

function challengeIn(clientDataJSON: string): string | null {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (clientData as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Spends the challenge the response answers before anything else is checked: whatever the
 * verification then finds, that challenge never serves again. Answers the challenge.
 */
export async function spendChallenge(
  deps: PasskeyDeps,
  caller: StorefrontContext,
  clientDataJSON: string,
  purpose: CeremonyPurpose,
  sessionId: string | null,
): Promise<string | Refusal> {
  const challenge = challengeIn(clientDataJSON);
  if (challenge === null) return ceremonyFailed(purpose);
  const spent = await deps.commands.handle(
    passkeyChallengeStream(secretHash(challenge)),
    passkeyChallengeDecider,
    { type: 'SpendChallenge', purpose, storefrontId: caller.storefront._id, sessionId, now: deps.clock.now().toISOString() },
    metadata(deps, caller),
  );
  return isRefusal(spent) ? spent : challenge;
}
