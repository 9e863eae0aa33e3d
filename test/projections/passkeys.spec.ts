import { expect } from 'chai';
import { type PasskeyEvent, passkeyStream } from '../../domain/passkey';
import { PASSKEYS } from '../../projections/passkeys/doc';
import { passkeysProjector } from '../../projections/passkeys/projector';
import { Given, project } from './project';

const given = (...events: PasskeyEvent[]): Given[] => events.map((e) => ({ ...e, stream: passkeyStream(e.data.passkeyId) }));

const registered = (passkeyId: string, email: string, registeredAt: string): PasskeyEvent => ({
  type: 'PasskeyRegistered',
  data: {
    passkeyId,
    storefrontId: 'sf-1',
    email,
    credentialId: `cred-${passkeyId}`,
    publicKey: 'cose-key',
    counter: 0,
    transports: ['internal', 'hybrid'],
    aaguid: '00000000-0000-0000-0000-000000000000',
    deviceType: 'multiDevice',
    backedUp: false,
    name: 'My phone',
    registeredAt,
  },
});

describe('passkeys projector', () => {
  it('keeps each passkey with its owner, when it was last used and whether it is removed; never its key', async () => {
    const projected = await project(
      passkeysProjector,
      given(
        registered('pk-1', 'ana@example.com', '2026-05-01T09:00:00.000Z'),
        registered('pk-2', 'ana@example.com', '2026-05-01T09:30:00.000Z'),
        { type: 'PasskeySignedIn', data: { passkeyId: 'pk-1', storefrontId: 'sf-1', counter: 3, backedUp: true, at: '2026-05-01T09:45:00.000Z' } },
        { type: 'PasskeyRemoved', data: { passkeyId: 'pk-2', storefrontId: 'sf-1', at: '2026-05-01T09:50:00.000Z' } },
      ),
    );
    const common = {
      storefront_id: 'sf-1',
      email: 'ana@example.com',
      transports: ['internal', 'hybrid'],
      name: 'My phone',
      device_type: 'multiDevice',
    };
    expect(await projected.docs(PASSKEYS)).to.deep.equal([
      {
        _id: 'pk-1',
        ...common,
        credential_id: 'cred-pk-1',
        backed_up: true,
        created_at: '2026-05-01T09:00:00.000Z',
        last_used_at: '2026-05-01T09:45:00.000Z',
        removed: false,
      },
      { _id: 'pk-2', ...common, credential_id: 'cred-pk-2', backed_up: false, created_at: '2026-05-01T09:30:00.000Z', last_used_at: null, removed: true },
    ]);
  });

  it('starts a passkey registered again after its removal afresh', async () => {
    const projected = await project(
      passkeysProjector,
      given(
        registered('pk-1', 'ana@example.com', '2026-05-01T09:00:00.000Z'),
        { type: 'PasskeyRemoved', data: { passkeyId: 'pk-1', storefrontId: 'sf-1', at: '2026-05-01T09:10:00.000Z' } },
        registered('pk-1', 'ana@example.com', '2026-05-01T09:20:00.000Z'),
      ),
    );
    expect(await projected.doc(PASSKEYS, 'pk-1')).to.deep.include({ removed: false, created_at: '2026-05-01T09:20:00.000Z', last_used_at: null });
  });
});
