import { z } from 'zod';

/** SPEC §4 and §6: roles in ascending rank. */
export const roles = ['member-tier-1', 'member-tier-2', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export function roleRank(role: Role): number {
  return roles.indexOf(role) + 1;
}

/** A role check passes when the user's rank is at least the required rank. */
export function hasRole(userRole: Role | null | undefined, required: Role): boolean {
  if (!userRole) return false;
  return roleRank(userRole) >= roleRank(required);
}
