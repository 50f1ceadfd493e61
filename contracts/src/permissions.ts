import type { Role } from './roles.ts';

/** Named permissions a user carries (SPEC §3 `permissions`). A check is false when a name is absent. */
export const permissionNames = [
  'chat.extendedQuota',
  'videos.premium',
  'skills.detailedReport',
  'community.moderate',
  'admin.users.manage',
  'admin.content.manage',
  'admin.notifications.send',
] as const;
export type PermissionName = (typeof permissionNames)[number];
export type Permissions = Partial<Record<string, boolean>>;

/** What each role grants before per-user overrides. */
export const rolePermissions: Record<Role, PermissionName[]> = {
  'member-tier-1': [],
  'member-tier-2': ['chat.extendedQuota', 'videos.premium', 'skills.detailedReport'],
  admin: [...permissionNames],
};

export function permissionsFor(role: Role, overrides: Permissions = {}): Record<string, boolean> {
  const granted: Record<string, boolean> = {};
  for (const name of rolePermissions[role]) granted[name] = true;
  for (const [name, value] of Object.entries(overrides)) {
    if (typeof value === 'boolean') granted[name] = value;
  }
  return granted;
}

export function hasPermission(user: { permissions?: Permissions } | null | undefined, name: string): boolean {
  return user?.permissions?.[name] === true;
}
