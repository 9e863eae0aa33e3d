import type { DocumentStore } from '../../application/platform/ports/document-store';
import { TRAVELLER_SESSIONS, type TravellerSessionDoc } from './doc';

export type { TravellerSessionDoc } from './doc';

/** The session a cookie's digest names, whatever its state. */
export function sessionByTokenHash(docs: DocumentStore, tokenHash: string): Promise<Readonly<TravellerSessionDoc> | null> {
  return docs.collection<TravellerSessionDoc>(TRAVELLER_SESSIONS).findOne({ token_hash: tokenHash });
}

export function sessionById(docs: DocumentStore, sessionId: string): Promise<Readonly<TravellerSessionDoc> | null> {
  return docs.collection<TravellerSessionDoc>(TRAVELLER_SESSIONS).findOne({ _id: sessionId });
}

/** Sessions of one email on one storefront that are not revoked, newest first. */
export function sessionsOf(docs: DocumentStore, storefrontId: string, email: string): Promise<Readonly<TravellerSessionDoc>[]> {
  return docs
    .collection<TravellerSessionDoc>(TRAVELLER_SESSIONS)
    .find({ email, storefront_id: storefrontId, revoked_at: null }, { sort: { opened_at: -1, _id: 1 } });
}
