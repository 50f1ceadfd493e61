/**
 * The pages of SPEC §2's route table, as the web app's router declares them (web/src/app/routeTable.ts
 * keeps the same list; a test holds the two together). The server answers any other path outside /api
 * with 404 and the same app, which draws "Page not found: {path}", so crawlers, link checkers and
 * monitors see a missing page as missing.
 */
export const pagePaths = [
  '/',
  '/chat',
  '/skills',
  '/skills/shared/:id',
  '/partners',
  '/partners/:id',
  '/videos/:id',
  '/shorts',
  '/community',
  '/community/posts/:id',
  '/error-demo',
  '/slider-test',
  '/index-backup',
  '/loading-demo',
  '/offline-demo',
  '/profile-home',
  '/profile/:id',
  '/profile',
  '/skills-client',
  '/skills-public',
  '/profile-client',
  '/profile-public',
  '/notifications',
  '/messages',
  '/messages/:memberId',
  '/mobile-chat-demo',
  '/admin',
  '/admin/users',
  '/admin/users/:id',
  '/admin/videos',
  '/admin/partners',
  '/admin/dashboard',
  '/admin/audit',
  '/admin/notifications',
  '/admin/moderation',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
] as const;

export type PagePath = (typeof pagePaths)[number];

const pagePatterns = pagePaths.map((page) => new RegExp(`^${page.replace(/:[a-z]+/gi, '[^/]+')}$`, 'i'));

/** Whether the router draws a page at this pathname (one trailing slash allowed, as the router allows). */
export function isPagePath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return pagePatterns.some((pattern) => pattern.test(trimmed));
}
