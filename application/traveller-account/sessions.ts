import { type Refusal, isRefusal, notFound } from '../../domain/shared/refusal';
import { sessionLive, travellerSessionDecider, travellerSessionStream } from '../../domain/traveller';
import type { StorefrontContext, TravellerSession } from '../platform/context';
import type { Platform } from '../platform/platform';
import { secretHash } from '../platform/secrets';
import { type TravellerSessionDoc, sessionById, sessionByTokenHash, sessionsOf } from '../../projections/traveller-sessions/queries';
import { metadataOf } from './sign-in-link';
import { requireTraveller } from './session-required';

type Deps = Pick<Platform, 'commands' | 'docs' | 'clock' | 'awaitProjections'>;

const live = (doc: Readonly<TravellerSessionDoc>, now: Date): boolean => sessionLive({ revoked: doc.revoked_at !== null, expiresAt: doc.expires_at }, now);

/**
 * The live session a session cookie's value opens on this storefront, or null: an unknown,
 * expired or revoked cookie, or another storefront's, is simply no session.
 */
export async function sessionOf(deps: Pick<Platform, 'docs' | 'clock'>, storefrontId: string, token: string): Promise<TravellerSession | null> {
  const doc = await sessionByTokenHash(deps.docs, secretHash(token));
  if (!doc || doc.storefront_id !== storefrontId || !live(doc, deps.clock.now())) return null;
  return { sessionId: doc._id, email: doc.email };
}

/** A session as its traveller sees it in their list. */
export interface SessionView {
  id: string;
  method: string;
  opened_at: string;
  expires_at: string;
  /** The session this request is signed in with. */
  current: boolean;
}

/** The signed-in traveller's live sessions on this storefront, newest first. */
export async function listSessions(deps: Pick<Platform, 'docs' | 'clock'>, ctx: StorefrontContext): Promise<{ data: SessionView[] } | Refusal> {
  const traveller = requireTraveller(ctx);
  if (isRefusal(traveller)) return traveller;
  const now = deps.clock.now();
  const docs = await sessionsOf(deps.docs, ctx.storefront._id, traveller.email);
  return {
    data: docs
      .filter((doc) => live(doc, now))
      .map((doc) => ({ id: doc._id, method: doc.method, opened_at: doc.opened_at, expires_at: doc.expires_at, current: doc._id === traveller.sessionId })),
  };
}

/**
 * Revokes one of the signed-in traveller's sessions on this storefront (signing out elsewhere) and
 * waits until requests see it; another traveller's session answers like one that does not exist.
 */
export async function revokeSession(deps: Deps, ctx: StorefrontContext, sessionId: string): Promise<{ revoked: true } | Refusal> {
  const traveller = requireTraveller(ctx);
  if (isRefusal(traveller)) return traveller;
  const doc = await sessionById(deps.docs, sessionId);
  if (!doc || doc.storefront_id !== ctx.storefront._id || doc.email !== traveller.email) return notFound('session');
  const now = deps.clock.now();
  const revoked = await deps.commands.handle(
    travellerSessionStream(sessionId),
    travellerSessionDecider,
    { type: 'RevokeTravellerSession', now: now.toISOString() },
    metadataOf(ctx, now),
  );
  if (isRefusal(revoked)) return revoked;
  await deps.awaitProjections(revoked.position);
  return { revoked: true };
}

/** Signs out: revokes the request's own session. Without one there is nothing to end, which is no error. */
export async function signOut(deps: Deps, ctx: StorefrontContext): Promise<{ signed_out: true } | Refusal> {
  if (ctx.traveller) {
    const revoked = await revokeSession(deps, ctx, ctx.traveller.sessionId);
    if (isRefusal(revoked)) return revoked;
  }
  return { signed_out: true };
}
