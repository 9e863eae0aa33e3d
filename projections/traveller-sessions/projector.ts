import type { Projector, Write } from '../../application/platform/processing/projector';
import type { RecordedEvent } from '../../application/platform/ports/event-store';
import type { HandlersOf } from '../../domain/shared/decider';
import type { TravellerSessionEvent } from '../../domain/traveller';
import { TRAVELLER_SESSIONS } from './doc';

const handlers: HandlersOf<TravellerSessionEvent, RecordedEvent, Write[]> = {
  TravellerSessionOpened: (e) => [
    {
      collection: TRAVELLER_SESSIONS,
      replaceOne: {
        filter: { _id: e.data.sessionId },
        doc: {
          _id: e.data.sessionId,
          token_hash: e.data.tokenHash,
          storefront_id: e.data.storefrontId,
          email: e.data.email,
          method: e.data.method,
          opened_at: e.data.openedAt,
          expires_at: e.data.expiresAt,
          revoked_at: null,
        },
        upsert: true,
      },
    },
  ],
  TravellerSessionRevoked: (e) => [
    { collection: TRAVELLER_SESSIONS, updateOne: { filter: { _id: e.data.sessionId }, update: { $set: { revoked_at: e.data.at } } } },
  ],
};

/** Traveller sessions as the session cookie and the account's session list read them. */
export const travellerSessionsProjector: Projector = {
  name: 'traveller-sessions',
  collections: { [TRAVELLER_SESSIONS]: [{ token_hash: 1 }, { email: 1 }] },
  handlers: handlers as Projector['handlers'],
};
