import { isRefusal, notFound, type Refusal } from '../../domain/shared/refusal';
import { teamDecider, teamStream, type Role, type TeamCommand } from '../../domain/team';
import { teamProjector } from '../../projections/team/projector';
import { TeamReads, type TeamMemberDoc } from '../../projections/team/queries';
import { defineFeature } from '../platform/feature';
import type { Platform } from '../platform/platform';
import type { SellerCaller } from '../seller';

export { ROLES, PERMISSIONS, roleAllows, type Role } from '../../domain/team';

/**
 * Who manages the team: the seller the key acts for, and the member whose key it is with their role.
 * `memberId` is null for keys the platform issued before teams, which act with an owner's role.
 */
export interface TeamCaller extends SellerCaller {
  memberId: string | null;
  role: Role;
}

export interface TeamMemberView {
  id: string;
  email: string;
  name: string;
  role: Role;
  added_at: string;
}

export interface NewMember {
  email: string;
  name: string;
  role: Role;
}

const view = (m: Readonly<TeamMemberDoc>): TeamMemberView => ({ id: m._id, email: m.email, name: m.name, role: m.role, added_at: m.added_at });

/** Issue 10: a seller's team (owners, admins, staff); the keys a member made act for them while they stay. */
export const teamFeature = defineFeature({
  name: 'team',
  projectors: [teamProjector],
  create(platform: Platform) {
    const reads = new TeamReads(platform.docs);
    const handle = async (sellerId: string, command: TeamCommand, correlationId: string): Promise<number | Refusal> => {
      const handled = await platform.commands.handle(teamStream(sellerId), teamDecider, command, {
        correlationId,
        causationId: correlationId,
        at: platform.clock.now().toISOString(),
      });
      if (isRefusal(handled)) return handled;
      await platform.awaitProjections(handled.position);
      return handled.position;
    };
    const memberAfter = async (caller: SellerCaller, memberId: string, done: number | Refusal): Promise<TeamMemberView | Refusal> => {
      if (isRefusal(done)) return done;
      const member = await reads.member(caller.sellerId, memberId);
      return member ? view(member) : notFound('member');
    };
    /** Adds a member as the platform: the seller's first owner at sign-up, the demo seed, specs. */
    const addMemberAs = async (sellerId: string, member: NewMember, by: Role | null, correlationId: string): Promise<TeamMemberView | Refusal> => {
      const memberId = platform.ids.uuid();
      const done = await handle(sellerId, { type: 'AddMember', sellerId, memberId, ...member, by }, correlationId);
      return memberAfter({ sellerId, correlationId }, memberId, done);
    };
    return {
      member: (sellerId: string, memberId: string) => reads.member(sellerId, memberId),
      members: async (caller: SellerCaller) => ({ data: (await reads.members(caller.sellerId)).map(view) }),
      addMember: (caller: TeamCaller, member: NewMember) => addMemberAs(caller.sellerId, member, caller.role, caller.correlationId),
      foundingMember: (sellerId: string, member: NewMember, correlationId: string = platform.ids.uuid()) => addMemberAs(sellerId, member, null, correlationId),
      changeRole: async (caller: TeamCaller, memberId: string, role: Role) =>
        memberAfter(caller, memberId, await handle(caller.sellerId, { type: 'ChangeMemberRole', memberId, role, by: caller.role }, caller.correlationId)),
      /** The team's settings: its keys' calls per minute, null for the service's default. */
      settings: async (caller: SellerCaller) => ({ rate_limit_per_minute: await reads.rateLimit(caller.sellerId) }),
      setRateLimit: async (caller: TeamCaller, perMinute: number | null) => {
        const done = await handle(caller.sellerId, { type: 'SetRateLimit', sellerId: caller.sellerId, perMinute, by: caller.role }, caller.correlationId);
        return isRefusal(done) ? done : { rate_limit_per_minute: await reads.rateLimit(caller.sellerId) };
      },
      removeMember: async (caller: TeamCaller, memberId: string): Promise<{ id: string; removed: true } | Refusal> => {
        const done = await handle(caller.sellerId, { type: 'RemoveMember', memberId, by: caller.role }, caller.correlationId);
        return isRefusal(done) ? done : { id: memberId, removed: true };
      },
    };
  },
});
