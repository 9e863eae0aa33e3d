import { ROLES } from '../../application/team';
import { described, id, object, orNull, text, timestamp } from '../kernel/answer-schema';
import { Schema, arr, bool, enumOf, int, nullable, obj, ref, str } from '../kernel/schema';
import { keyCaller } from '../middleware/secret-key';
import { sellerOperation } from './operation';

const TEAM =
  'Needs a secret key whose scopes include team:manage (staff cannot hold it). Roles: owner (everything, and the only role that adds, changes or removes owners), ' +
  'admin (everything but owners), staff (no keys:manage, team:manage or webhooks:manage). Touching an owner without being one answers 403 NotPermitted ' +
  '(permission team:manage, reason missing_permission). A key acts for the member who made it: when they leave its calls answer 401, and when their role ' +
  'changes it keeps only the permissions the new role allows.';
const role = enumOf(...ROLES);
const memberId = { id: str({ format: 'uuid' }) };

const TeamMember = object({ id, email: text, name: text, role, added_at: timestamp }, {}, { description: "A member of the seller's team" });

export const teamSchemas: Record<string, Schema> = {
  TeamMember,
  TeamMemberList: object({ data: described(arr(ref('TeamMember')), 'In the order they joined') }),
  TeamMemberRemoved: object({ id, removed: bool }),
  Team: object({
    rate_limit_per_minute: described(orNull(int(1)), "Calls per minute each of the team's secret keys may make; null: the service's default (120)"),
  }),
};

export const listTeamMembers = sellerOperation({
  id: 'listTeamMembers',
  method: 'get',
  path: '/v1/team/members',
  permission: 'team:manage',
  summary: "The seller's team",
  description: `Every member of the team with their role. ${TEAM}`,
  success: { status: 200, description: '{data}' },
  response: ref('TeamMemberList'),
  handle: async ({ caller }, app) => app.team.members(caller),
});

export const addTeamMember = sellerOperation({
  id: 'addTeamMember',
  method: 'post',
  path: '/v1/team/members',
  permission: 'team:manage',
  summary: 'Add a member to the team',
  description: `Adds a member with a role; an email already on the team answers 409 Conflict (member_exists). ${TEAM}`,
  body: obj({ email: str({ format: 'email', maxLength: 254 }), name: str({ minLength: 1, maxLength: 200 }), role }, ['email', 'name', 'role']),
  bodyRequired: true,
  bodyDescription: 'email, name, role (owner, admin or staff).',
  success: { status: 201, description: 'member' },
  response: ref('TeamMember'),
  handle: async ({ caller, body }, app) => app.team.addMember(keyCaller(caller), body),
});

export const changeTeamMember = sellerOperation({
  id: 'changeTeamMember',
  method: 'patch',
  path: '/v1/team/members/{id}',
  permission: 'team:manage',
  summary: "Change a member's role",
  description: `Demoting the last owner answers 409 Conflict (last_owner): make another member owner first. ${TEAM}`,
  params: memberId,
  body: obj({ role }, ['role']),
  bodyRequired: true,
  bodyDescription: 'role (owner, admin or staff).',
  success: { status: 200, description: 'member' },
  response: ref('TeamMember'),
  handle: async ({ caller, params, body }, app) => app.team.changeRole(keyCaller(caller), params.id, body.role),
});

export const removeTeamMember = sellerOperation({
  id: 'removeTeamMember',
  method: 'delete',
  path: '/v1/team/members/{id}',
  permission: 'team:manage',
  summary: 'Remove a member from the team',
  description: `The member's keys stop at once (401). The last owner cannot leave: 409 Conflict (last_owner). ${TEAM}`,
  params: memberId,
  success: { status: 200, description: '{id, removed: true}' },
  response: ref('TeamMemberRemoved'),
  handle: async ({ caller, params }, app) => app.team.removeMember(keyCaller(caller), params.id),
});

export const getTeam = sellerOperation({
  id: 'getTeam',
  method: 'get',
  path: '/v1/team',
  permission: 'team:manage',
  summary: "The team's settings",
  description: `How many calls a minute each of the team's secret keys may make (spec part 8). ${TEAM}`,
  success: { status: 200, description: '{rate_limit_per_minute}' },
  response: ref('Team'),
  handle: async ({ caller }, app) => app.team.settings(caller),
});

export const changeTeam = sellerOperation({
  id: 'changeTeam',
  method: 'patch',
  path: '/v1/team',
  permission: 'team:manage',
  summary: "Change the team's settings",
  description:
    "Sets the calls per minute each of the team's secret keys may make (null: back to the service's default, 120); counted from the next call. " +
    `Only an owner changes it (403 NotPermitted otherwise). ${TEAM}`,
  body: obj({ rate_limit_per_minute: nullable(int(1, 100_000)) }, ['rate_limit_per_minute']),
  bodyRequired: true,
  bodyDescription: 'rate_limit_per_minute: 1 to 100000, or null.',
  success: { status: 200, description: '{rate_limit_per_minute}' },
  response: ref('Team'),
  handle: async ({ caller, body }, app) => app.team.setRateLimit(keyCaller(caller), body.rate_limit_per_minute),
});

export const teamOperations = [getTeam, changeTeam, listTeamMembers, addTeamMember, changeTeamMember, removeTeamMember];
