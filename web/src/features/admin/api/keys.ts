import type { AdminUserListQuery, AuditLogQuery } from '@uplift/contracts';

/** Query keys of the admin area; any change to a member invalidates `users` and `audit`. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => ['admin', 'overview'] as const,
  users: () => ['admin', 'users'] as const,
  userList: (query: AdminUserListQuery) => ['admin', 'users', query] as const,
  /** Under `users`, so every change to a member refreshes their story too. */
  userStory: (id: string) => ['admin', 'users', 'story', id] as const,
  userStoryPage: (id: string, section: string, page: number) =>
    ['admin', 'users', 'story', id, section, page] as const,
  audit: () => ['admin', 'audit'] as const,
  auditLog: (query: AuditLogQuery) => ['admin', 'audit', query] as const,
  dashboard: (days: number) => ['admin', 'dashboard', days] as const,
  videos: () => ['admin', 'videos'] as const,
  partners: () => ['admin', 'partners'] as const,
};

/** A query string of the defined values, in a stable order. */
export function searchOf(query: object): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}
