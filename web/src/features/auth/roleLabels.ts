import type { Role } from '@uplift/contracts';

/** How roles read to people (PRODUCT §1: tier 2 is the premium membership). */
export const roleLabels: Record<Role, string> = {
  'member-tier-1': 'Member',
  'member-tier-2': 'Premium member',
  admin: 'Admin',
};

export function roleLabel(role: Role): string {
  return roleLabels[role];
}
