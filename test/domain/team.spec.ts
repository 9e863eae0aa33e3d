import { expect } from 'chai';
import { roleAllows, teamDecider, type TeamEvent } from '../../domain/team';
import { sellerDecider, type SellerEvent } from '../../domain/seller';
import { given } from './given-when-then';

const added = (memberId: string, role: 'owner' | 'admin' | 'staff', email = `${memberId}@example.com`): TeamEvent => ({
  type: 'TeamMemberAdded',
  data: { sellerId: 's1', memberId, email, name: memberId, role },
});

describe('team', () => {
  it('adds a member, the email normalised, once per email', () => {
    given(teamDecider)
      .when({ type: 'AddMember', sellerId: 's1', memberId: 'm1', email: ' Ana@Example.com ', name: 'Ana', role: 'owner', by: null })
      .then([{ type: 'TeamMemberAdded', data: { sellerId: 's1', memberId: 'm1', email: 'ana@example.com', name: 'Ana', role: 'owner' } }]);
    given(teamDecider, [added('m1', 'owner', 'ana@example.com')])
      .when({ type: 'AddMember', sellerId: 's1', memberId: 'm2', email: 'ANA@example.com', name: 'Ana', role: 'staff', by: 'owner' })
      .thenRefused('Conflict', { reason: 'member_exists' });
  });

  it('keeps the last owner: not removed, not demoted', () => {
    given(teamDecider, [added('m1', 'owner')])
      .when({ type: 'RemoveMember', memberId: 'm1', by: 'owner' })
      .thenRefused('Conflict', { reason: 'last_owner' });
    given(teamDecider, [added('m1', 'owner')])
      .when({ type: 'ChangeMemberRole', memberId: 'm1', role: 'admin', by: 'owner' })
      .thenRefused('Conflict', { reason: 'last_owner' });
    given(teamDecider, [added('m1', 'owner'), added('m2', 'owner')])
      .when({ type: 'RemoveMember', memberId: 'm1', by: 'owner' })
      .then([{ type: 'TeamMemberRemoved', data: { sellerId: 's1', memberId: 'm1' } }]);
  });

  it('lets only owners add, change or remove owners', () => {
    const notPermitted = { permission: 'team:manage', reason: 'missing_permission' };
    given(teamDecider, [added('m1', 'owner')])
      .when({ type: 'AddMember', sellerId: 's1', memberId: 'm2', email: 'b@example.com', name: 'B', role: 'owner', by: 'admin' })
      .thenRefused('NotPermitted', notPermitted);
    given(teamDecider, [added('m1', 'owner'), added('m2', 'admin')])
      .when({ type: 'ChangeMemberRole', memberId: 'm2', role: 'owner', by: 'admin' })
      .thenRefused('NotPermitted', notPermitted);
    given(teamDecider, [added('m1', 'owner'), added('m2', 'owner')])
      .when({ type: 'RemoveMember', memberId: 'm1', by: 'admin' })
      .thenRefused('NotPermitted', notPermitted);
    given(teamDecider, [added('m1', 'owner'), added('m2', 'staff')])
      .when({ type: 'ChangeMemberRole', memberId: 'm2', role: 'admin', by: 'admin' })
      .then([{ type: 'TeamMemberRoleChanged', data: { sellerId: 's1', memberId: 'm2', role: 'admin' } }]);
  });

  it('is NotFound for a member not on the team, and changes nothing for the same role', () => {
    given(teamDecider, [added('m1', 'owner')])
      .when({ type: 'RemoveMember', memberId: 'm9', by: 'owner' })
      .thenRefused('NotFound', { entity: 'member' });
    given(teamDecider, [added('m1', 'owner'), { type: 'TeamMemberRemoved', data: { sellerId: 's1', memberId: 'm1' } }])
      .when({ type: 'ChangeMemberRole', memberId: 'm1', role: 'staff', by: 'owner' })
      .thenRefused('NotFound', { entity: 'member' });
    given(teamDecider, [added('m1', 'owner'), added('m2', 'staff')])
      .when({ type: 'ChangeMemberRole', memberId: 'm2', role: 'staff', by: 'owner' })
      .thenNothing();
  });

  it("lets only owners set the calls per minute of the team's keys", () => {
    given(teamDecider, [added('m1', 'owner')])
      .when({ type: 'SetRateLimit', sellerId: 's1', perMinute: 600, by: 'owner' })
      .then([{ type: 'TeamRateLimitSet', data: { sellerId: 's1', perMinute: 600 } }]);
    given(teamDecider, [added('m1', 'owner')])
      .when({ type: 'SetRateLimit', sellerId: 's1', perMinute: 600, by: 'admin' })
      .thenRefused('NotPermitted', { permission: 'team:manage', reason: 'missing_permission' });
  });

  it('keeps keys, team and webhooks away from staff', () => {
    for (const permission of ['keys:manage', 'team:manage', 'webhooks:manage']) {
      expect(roleAllows('staff', permission), permission).to.equal(false);
      expect(roleAllows('admin', permission), permission).to.equal(true);
    }
    expect(roleAllows('staff', 'bookings:read')).to.equal(true);
  });

  it('records the name of a secret key and the member it acts for', () => {
    const created: SellerEvent = { type: 'SellerCreated', data: { sellerId: 's1', definition: {} as never } };
    given(sellerDecider, [created])
      .when({ type: 'IssueSecretKey', keyId: 'k1', keyHash: 'h1', scopes: ['products:read'], name: 'CRM', createdBy: 'm1' })
      .then([{ type: 'SecretKeyIssued', data: { sellerId: 's1', keyId: 'k1', keyHash: 'h1', scopes: ['products:read'], name: 'CRM', createdBy: 'm1' } }]);
  });
});
