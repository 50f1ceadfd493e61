import { roleLabels, type Role } from '@uplift/contracts';

/** How a role reads to people: the one map in contracts, shared with the admin area. */
export function roleLabel(role: Role): string {
  return roleLabels[role];
}
