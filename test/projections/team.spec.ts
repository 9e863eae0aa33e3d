import { expect } from 'chai';
import { teamStream, type TeamEvent } from '../../domain/team';
import { teamProjector } from '../../projections/team/projector';
import { Given, RECORDED_AT, project } from './project';

const given = (...events: TeamEvent[]): Given[] => events.map((e) => ({ ...e, stream: teamStream(e.data.sellerId) }));

describe('team projector', () => {
  it('keeps members with their role; one who left stays, marked, for the keys they made', async () => {
    const projected = await project(
      teamProjector,
      given(
        { type: 'TeamMemberAdded', data: { sellerId: 's1', memberId: 'm1', email: 'ana@example.com', name: 'Ana', role: 'owner' } },
        { type: 'TeamMemberAdded', data: { sellerId: 's1', memberId: 'm2', email: 'bo@example.com', name: 'Bo', role: 'admin' } },
        { type: 'TeamMemberRoleChanged', data: { sellerId: 's1', memberId: 'm2', role: 'staff' } },
        { type: 'TeamMemberRemoved', data: { sellerId: 's1', memberId: 'm1' } },
      ),
    );
    expect(await projected.docs('team_members')).to.deep.equal([
      { _id: 'm1', seller_id: 's1', email: 'ana@example.com', name: 'Ana', role: 'owner', added_at: RECORDED_AT, left: true },
      { _id: 'm2', seller_id: 's1', email: 'bo@example.com', name: 'Bo', role: 'staff', added_at: RECORDED_AT, left: false },
    ]);
  });

  it("keeps the team's calls per minute, null once it goes back to the default", async () => {
    const projected = await project(
      teamProjector,
      given(
        { type: 'TeamRateLimitSet', data: { sellerId: 's1', perMinute: 600 } },
        { type: 'TeamRateLimitSet', data: { sellerId: 's2', perMinute: 30 } },
        {
          type: 'TeamRateLimitSet',
          data: { sellerId: 's2', perMinute: null },
        },
      ),
    );
    expect(await projected.docs('team_settings')).to.deep.equal([
      { _id: 's1', rate_limit_per_minute: 600 },
      { _id: 's2', rate_limit_per_minute: null },
    ]);
  });
});
