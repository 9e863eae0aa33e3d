import type { Doc } from '../../application/platform/ports/document-store';
import type { SignInMethod } from '../../domain/traveller';

/** The traveller sessions read model's collection: one document per session, by session id. */
export const TRAVELLER_SESSIONS = 'traveller_sessions';

export interface TravellerSessionDoc extends Doc {
  /** Digest of the session cookie's value: what a request's cookie is looked up by. */
  token_hash: string;
  storefront_id: string;
  email: string;
  method: SignInMethod;
  opened_at: string;
  expires_at: string;
  revoked_at: string | null;
}
