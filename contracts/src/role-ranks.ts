/**
 * Roles, their names and ranks.
 * Without zod: the web app's first screen uses these and loads no zod.
 */

/** SPEC §4 and §6: roles in ascending rank. */
export const roles = ['member-tier-1', 'member-tier-2', 'admin'] as const;
export type Role = (typeof roles)[number];

/**
 * How every screen names a role: the profile, the admin users table and its filters, bulk actions, the
 * dashboard (PRODUCT §1: tier 2 is the premium membership). One map, so a member and an admin never read
 * two names for the same thing.
 */
export const roleLabels: Record<Role, string> = {
  'member-tier-1': 'Member',
  'member-tier-2': 'Premium member',
  admin: 'Admin',
};

/** The people holding a role, as a notification audience; a role targets exactly that role. */
export const roleGroupLabels: Record<Role, string> = {
  'member-tier-1': 'Members (not premium)',
  'member-tier-2': 'Premium members',
  admin: 'Admins',
};

export function roleRank(role: Role): number {
  return roles.indexOf(role) + 1;
}

/** A role check passes when the user's rank is at least the required rank. */
export function hasRole(userRole: Role | null | undefined, required: Role): boolean {
  if (!userRole) return false;
  return roleRank(userRole) >= roleRank(required);
}
