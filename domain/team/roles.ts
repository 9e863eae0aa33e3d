/** A team member's role (issue 10): what their keys may do and whom they may manage. */
export const ROLES = ['owner', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** Every permission a secret key may carry (spec 4.9, part 5). */
export const PERMISSIONS = [
  'products:read',
  'products:write',
  'bookings:read',
  'bookings:write',
  'content:read',
  'content:write',
  'enquiries:read',
  'enquiries:write',
  'webhooks:manage',
  'keys:manage',
  'team:manage',
] as const;

/** Staff run the day's work; the keys, the team and where events go stay with owners and admins. */
const MANAGING = new Set<string>(['keys:manage', 'team:manage', 'webhooks:manage']);

/** Whether a member with this role may hold, and so grant to a key, the permission. */
export function roleAllows(role: Role, permission: string): boolean {
  return role !== 'staff' || !MANAGING.has(permission);
}

/** Only owners make, change or remove owners: an admin cannot raise anyone above themself. */
export function mayManage(manager: Role, role: Role): boolean {
  return manager === 'owner' || role !== 'owner';
}
