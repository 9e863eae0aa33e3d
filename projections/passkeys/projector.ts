import type { RecordedEvent } from '../../application/platform/ports/event-store';
import { type Write, defineProjector } from '../../application/platform/processing/projector';
import type { PasskeyEvent } from '../../domain/passkey';
import type { HandlersOf } from '../../domain/shared/decider';
import { PASSKEYS, PasskeyDoc } from './doc';

const handlers: HandlersOf<PasskeyEvent, RecordedEvent, Write[]> = {
  PasskeyRegistered: (e) => {
    const doc: PasskeyDoc = {
      _id: e.data.passkeyId,
      storefront_id: e.data.storefrontId,
      email: e.data.email,
      credential_id: e.data.credentialId,
      transports: e.data.transports,
      name: e.data.name,
      device_type: e.data.deviceType,
      backed_up: e.data.backedUp,
      created_at: e.data.registeredAt,
      last_used_at: null,
      removed: false,
    };
    return [{ collection: PASSKEYS, replaceOne: { filter: { _id: doc._id }, doc, upsert: true } }];
  },
  PasskeySignedIn: (e) => [
    { collection: PASSKEYS, updateOne: { filter: { _id: e.data.passkeyId }, update: { $set: { last_used_at: e.data.at, backed_up: e.data.backedUp } } } },
  ],
  PasskeyRemoved: (e) => [{ collection: PASSKEYS, updateOne: { filter: { _id: e.data.passkeyId }, update: { $set: { removed: true } } } }],
};

/** Each traveller's passkeys on each storefront, for their list and for the options that must not offer a passkey twice. */
export const passkeysProjector = defineProjector<PasskeyEvent>('passkeys', { [PASSKEYS]: [{ email: 1 }] }, handlers);
