import { pagePaths } from '@uplift/contracts';
import { describe, expect, it } from 'vitest';
import { routeTable } from './routeTable.ts';

/** SPEC §2 routes with SPEC §6 guards and the layouts SPEC §2 names, transcribed independently of the table. */
const specRoutes = [
  { path: '/', guard: undefined, layout: 'app' },
  { path: '/chat', guard: undefined, layout: 'app' },
  { path: '/skills', guard: 'auth', layout: 'app' },
  // A result its member chose to share, open to anyone with the link (issue 45.9).
  { path: '/skills/shared/:id', guard: undefined, layout: 'app' },
  { path: '/partners', guard: undefined, layout: 'app' },
  // Beyond SPEC's table: a partner's deep-linkable detail (issue 11).
  { path: '/partners/:id', guard: undefined, layout: 'app' },
  // Beyond SPEC's table: a video's player and the full-screen shorts (issue 11).
  { path: '/videos/:id', guard: undefined, layout: 'app' },
  { path: '/shorts', guard: undefined, layout: 'none' },
  { path: '/community', guard: undefined, layout: 'app' },
  // Beyond SPEC's table: a community post's thread (issue 14).
  { path: '/community/posts/:id', guard: undefined, layout: 'app' },
  { path: '/error-demo', guard: undefined, layout: 'app' },
  { path: '/slider-test', guard: undefined, layout: 'app' },
  { path: '/index-backup', guard: undefined, layout: 'app' },
  { path: '/loading-demo', guard: undefined, layout: 'app' },
  { path: '/offline-demo', guard: undefined, layout: 'app' },
  { path: '/profile-home', guard: 'auth', layout: 'app' },
  { path: '/profile/:id', guard: 'auth', layout: 'app' },
  { path: '/profile', guard: undefined, layout: 'app' },
  { path: '/skills-client', guard: undefined, layout: 'app' },
  { path: '/skills-public', guard: undefined, layout: 'app' },
  { path: '/profile-client', guard: 'auth', layout: 'app' },
  { path: '/profile-public', guard: undefined, layout: 'app' },
  // SPEC §1 lists a notifications page; the centre is the member's own, so signed in (issue 15).
  { path: '/notifications', guard: 'auth', layout: 'app' },
  // Direct messages between members, signed in only (issue 45.6).
  { path: '/messages', guard: 'auth', layout: 'app' },
  { path: '/messages/:memberId', guard: 'auth', layout: 'app' },
  { path: '/mobile-chat-demo', guard: undefined, layout: 'app' },
  // Every admin page in the one admin frame (decision 0080), though SPEC gives the portal and dashboard none.
  { path: '/admin', guard: 'admin', layout: 'admin' },
  { path: '/admin/users', guard: 'admin', layout: 'admin' },
  // A member's whole story (issue 43.4).
  { path: '/admin/users/:id', guard: 'admin', layout: 'admin' },
  { path: '/admin/videos', guard: 'admin', layout: 'admin' },
  { path: '/admin/partners', guard: 'admin', layout: 'admin' },
  { path: '/admin/dashboard', guard: 'admin', layout: 'admin' },
  { path: '/admin/audit', guard: 'admin', layout: 'admin' },
  { path: '/admin/notifications', guard: 'admin', layout: 'admin' },
  { path: '/admin/moderation', guard: 'admin', layout: 'admin' },
  { path: '/login', guard: undefined, layout: 'app' },
  // Beyond SPEC's table: asking for a password-reset link, and choosing the new password (issue 47.2).
  { path: '/forgot-password', guard: undefined, layout: 'app' },
  { path: '/reset-password', guard: undefined, layout: 'app' },
  // Following a link that proves an email address, signed in or not (issue 47.3).
  { path: '/verify-email', guard: undefined, layout: 'app' },
  // An email's unsubscribe link, signed in or not (issue 47.4).
  { path: '/unsubscribe', guard: undefined, layout: 'app' },
  { path: '*', guard: undefined, layout: 'app' },
];

describe('route table', () => {
  it('holds exactly the SPEC routes, with their guards and layouts', () => {
    const table = routeTable.map(({ path, guard, layout }) => ({ path, guard, layout }));
    expect(table).toEqual(specRoutes);
  });

  it('draws exactly the pages the server answers 200 for; every other path is its 404', () => {
    const drawn = routeTable.map(({ path }) => path).filter((path) => path !== '*');
    expect(drawn).toEqual([...pagePaths]);
  });

  it('guards every /admin path with the admin guard', () => {
    const adminRoutes = routeTable.filter(({ path }) => path === '/admin' || path.startsWith('/admin/'));
    expect(adminRoutes).toHaveLength(9);
    expect(adminRoutes.every(({ guard }) => guard === 'admin')).toBe(true);
  });

  it.each([
    ['/error-demo', 'Error Handling Demo'],
    ['/loading-demo', 'Loading Demo'],
    ['/offline-demo', 'Offline Demo'],
    ['/mobile-chat-demo', 'Mobile Chat Demo'],
    // SPEC names no title; the settings screen is reached by "Settings" and says so (issue 44.10).
    ['/profile-client', 'Settings'],
  ])('uses the SPEC title for %s', (path, title) => {
    expect(routeTable.find((entry) => entry.path === path)?.title).toBe(title);
  });

  it('describes the mobile chat demo as SPEC does', () => {
    expect(routeTable.find((entry) => entry.path === '/mobile-chat-demo')?.description).toBe(
      'Test mobile-optimized chat features',
    );
  });

  it('loads every page through its own import', () => {
    const loaders = routeTable.map(({ page }) => page.toString());
    expect(new Set(loaders).size).toBe(routeTable.length);
  });
});
