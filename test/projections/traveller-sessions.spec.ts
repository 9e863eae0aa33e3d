import { expect } from 'chai';
import { travellerSessionStream } from '../../domain/traveller';
import { travellerSessionsProjector } from '../../projections/traveller-sessions/projector';
import { project } from './project';

const opened = {
  type: 'TravellerSessionOpened',
  data: {
    sessionId: 's-1',
    storefrontId: 'sf-1',
    email: 'ana@example.com',
    tokenHash: 'digest-1',
    method: 'link',
    openedAt: '2026-11-22T08:00:00.000Z',
    expiresAt: '2026-12-22T08:00:00.000Z',
  },
  stream: travellerSessionStream('s-1'),
};

describe('traveller sessions projector', () => {
  it('keeps an opened session by its id, with the digest its cookie is looked up by', async () => {
    const projected = await project(travellerSessionsProjector, [opened]);
    expect(await projected.docs('traveller_sessions')).to.deep.equal([
      {
        _id: 's-1',
        token_hash: 'digest-1',
        storefront_id: 'sf-1',
        email: 'ana@example.com',
        method: 'link',
        opened_at: '2026-11-22T08:00:00.000Z',
        expires_at: '2026-12-22T08:00:00.000Z',
        revoked_at: null,
      },
    ]);
  });

  it('marks a revoked session with when it was revoked', async () => {
    const revoked = { type: 'TravellerSessionRevoked', data: { sessionId: 's-1', at: '2026-11-23T09:00:00.000Z' }, stream: opened.stream };
    const projected = await project(travellerSessionsProjector, [opened, revoked]);
    expect(await projected.doc('traveller_sessions', 's-1')).to.deep.include({ revoked_at: '2026-11-23T09:00:00.000Z' });
  });
});
