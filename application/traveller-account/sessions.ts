import { sessionLive } from '../../domain/traveller';
import type { TravellerSession } from '../platform/context';
import type { Platform } from '../platform/platform';
import { secretHash } from '../platform/secrets';
import { sessionByTokenHash } from '../../projections/traveller-sessions/queries';

/**
 * The live session a session cookie's value opens on this storefront, or null: an unknown,
 * expired or revoked cookie, or another storefront's, is simply no session.
 */
export async function sessionOf(deps: Pick<Platform, 'docs' | 'clock'>, storefrontId: string, token: string): Promise<TravellerSession | null> {
  const doc = await sessionByTokenHash(deps.docs, secretHash(token));
  if (!doc || doc.storefront_id !== storefrontId) return null;
  if (!sessionLive({ revoked: doc.revoked_at !== null, expiresAt: doc.expires_at }, deps.clock.now())) return null;
  return { sessionId: doc._id, email: doc.email };
}
