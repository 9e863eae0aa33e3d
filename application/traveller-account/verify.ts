import { type Refusal, isRefusal } from '../../domain/shared/refusal';
import {
  type SignInMethod,
  signInLinkDecider,
  signInLinkRefused,
  signInLinkStream,
  signInLinkUsable,
  travellerSessionDecider,
  travellerSessionStream,
} from '../../domain/traveller';
import type { StorefrontContext } from '../platform/context';
import type { Platform } from '../platform/platform';
import { secretHash } from '../platform/secrets';
import { metadataOf } from './sign-in-link';

type Deps = Pick<Platform, 'commands' | 'clock' | 'ids' | 'settings' | 'awaitProjections'>;

/** A session just opened: its cookie's value (shown once, never stored) and what the answer says of it. */
export interface OpenedSession {
  token: string;
  sessionId: string;
  email: string;
  expiresAt: string;
  /** What the cookie's Max-Age is: the session's whole life. */
  maxAgeSeconds: number;
}

/** Spec 4.6: whether verify would sign in now with this token, without spending it. */
export async function checkSignInLink(deps: Pick<Platform, 'commands' | 'clock'>, ctx: StorefrontContext, token: string): Promise<{ usable: boolean }> {
  const { state } = await deps.commands.load(signInLinkStream(secretHash(token)), signInLinkDecider);
  return { usable: signInLinkUsable(state, ctx.storefront._id, deps.clock.now().toISOString()) };
}

/**
 * Opens a session for a proven email on the caller's storefront (after a link or a passkey) and
 * waits until requests see it. The cookie's value has 192 random bits and only its digest is kept.
 */
export async function openSession(
  deps: Deps,
  ctx: StorefrontContext,
  email: string,
  method: SignInMethod,
  sessionId = deps.ids.uuid(),
): Promise<OpenedSession> {
  const now = deps.clock.now();
  const token = deps.ids.token('ts_');
  const maxAgeSeconds = deps.settings.travellerSessionDays * 86_400;
  const expiresAt = new Date(now.getTime() + maxAgeSeconds * 1000).toISOString();
  const opened = await deps.commands.handle(
    travellerSessionStream(sessionId),
    travellerSessionDecider,
    {
      type: 'OpenTravellerSession',
      sessionId,
      storefrontId: ctx.storefront._id,
      email,
      tokenHash: secretHash(token),
      method,
      now: now.toISOString(),
      expiresAt,
    },
    metadataOf(ctx, now),
  );
  if (isRefusal(opened)) throw new Error(`session not opened: ${opened.detail}`);
  await deps.awaitProjections(opened.position);
  return { token, sessionId, email, expiresAt, maxAgeSeconds };
}

/**
 * Spec 4.6: spends the link's token and signs in. A wrong, spent or expired token, or another
 * storefront's, is refused alike (401), whatever the cause.
 */
export async function verifySignInLink(deps: Deps, ctx: StorefrontContext, token: string): Promise<(OpenedSession & { returnPath: string | null }) | Refusal> {
  const sessionId = deps.ids.uuid();
  const now = deps.clock.now();
  const spent = await deps.commands.handle(
    signInLinkStream(secretHash(token)),
    signInLinkDecider,
    { type: 'SpendSignInLink', storefrontId: ctx.storefront._id, sessionId, now: now.toISOString() },
    metadataOf(ctx, now),
  );
  if (isRefusal(spent) || spent.state.status === 'none') return signInLinkRefused();
  const { email, returnPath } = spent.state.issued;
  return { ...(await openSession(deps, ctx, email, 'link', sessionId)), returnPath };
}
