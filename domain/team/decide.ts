import { assertNever } from '../shared/decider';
import { Refusal, conflict, notFound, refuse } from '../shared/refusal';
import { owners, type Team, type TeamEvent } from './events';
import { mayManage, type Role } from './roles';

/**
 * `by` is the role of whoever asks; null when the platform asks (the seller's first owner at sign-up,
 * the demo seed), which nothing in the seller interface can do.
 */
export type AddMember = { type: 'AddMember'; sellerId: string; memberId: string; email: string; name: string; role: Role; by: Role | null };
export type ChangeMemberRole = { type: 'ChangeMemberRole'; memberId: string; role: Role; by: Role };
export type RemoveMember = { type: 'RemoveMember'; memberId: string; by: Role };

export type SetRateLimit = { type: 'SetRateLimit'; sellerId: string; perMinute: number | null; by: Role };

export type TeamCommand = AddMember | ChangeMemberRole | RemoveMember | SetRateLimit;

const ownersOnly = (): Refusal =>
  refuse('NotPermitted', 'only an owner adds, changes or removes an owner', { permission: 'team:manage', reason: 'missing_permission' });

const lastOwner = (memberId: string): Refusal =>
  conflict('last_owner', 'the team keeps at least one owner: make another member owner first', { member_id: memberId });

function addMember(command: AddMember, state: Team): TeamEvent[] | Refusal {
  if (command.by !== null && !mayManage(command.by, command.role)) return ownersOnly();
  const email = command.email.trim().toLowerCase();
  if (Object.values(state.members).some((m) => m.email === email)) return conflict('member_exists', 'a member of the team has this email already', { email });
  const { sellerId, memberId, name, role } = command;
  return [{ type: 'TeamMemberAdded', data: { sellerId, memberId, email, name, role } }];
}

function changeMemberRole(command: ChangeMemberRole, state: Team): TeamEvent[] | Refusal {
  const member = state.members[command.memberId];
  if (!state.sellerId || !member) return notFound('member');
  if (!mayManage(command.by, member.role) || !mayManage(command.by, command.role)) return ownersOnly();
  if (member.role === command.role) return [];
  if (member.role === 'owner' && owners(state) === 1) return lastOwner(command.memberId);
  return [{ type: 'TeamMemberRoleChanged', data: { sellerId: state.sellerId, memberId: command.memberId, role: command.role } }];
}

function removeMember(command: RemoveMember, state: Team): TeamEvent[] | Refusal {
  const member = state.members[command.memberId];
  if (!state.sellerId || !member) return notFound('member');
  if (!mayManage(command.by, member.role)) return ownersOnly();
  if (member.role === 'owner' && owners(state) === 1) return lastOwner(command.memberId);
  return [{ type: 'TeamMemberRemoved', data: { sellerId: state.sellerId, memberId: command.memberId } }];
}

/** The owners decide how fast the team's systems may call. */
function setRateLimit(command: SetRateLimit): TeamEvent[] | Refusal {
  if (command.by !== 'owner') {
    return refuse('NotPermitted', "only an owner sets the team's rate limit", { permission: 'team:manage', reason: 'missing_permission' });
  }
  return [{ type: 'TeamRateLimitSet', data: { sellerId: command.sellerId, perMinute: command.perMinute } }];
}

export function decideTeam(command: TeamCommand, state: Team): TeamEvent[] | Refusal {
  switch (command.type) {
    case 'AddMember':
      return addMember(command, state);
    case 'ChangeMemberRole':
      return changeMemberRole(command, state);
    case 'RemoveMember':
      return removeMember(command, state);
    case 'SetRateLimit':
      return setRateLimit(command);
    default:
      return assertNever(command);
  }
}
