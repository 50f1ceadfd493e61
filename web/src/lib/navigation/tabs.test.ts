import { describe, expect, it } from 'vitest';
import {
  activeTabReducer,
  highlightedPath,
  initialActiveTab,
  showsBadge,
  tabForPath,
  tabsForRole,
  tabTarget,
  withBadges,
  type ActiveTabState,
} from './tabs.ts';

const titles = (role: Parameters<typeof tabsForRole>[0]) =>
  tabsForRole(role).map((tab) => [tab.id, tab.name]);

describe('tabs per role (SPEC §2, §6)', () => {
  it('gives signed-in members chat, skills, home, community and profile with SPEC titles', () => {
    const expected = [
      ['chat', 'Chat with Vale'],
      ['skills', 'Skills Assessment'],
      ['home', 'Home'],
      ['community', 'Community Hub'],
      ['profile', 'Profile Management'],
    ];
    expect(titles('member-tier-1')).toEqual(expected);
    expect(titles('member-tier-2')).toEqual(expected);
  });

  it('adds Admin Portal and Offline Demo for admins', () => {
    expect(titles('admin')).toEqual([
      ['chat', 'Chat with Vale'],
      ['skills', 'Skills Assessment'],
      ['home', 'Home'],
      ['community', 'Community Hub'],
      ['profile', 'Profile Management'],
      ['admin', 'Admin Portal'],
      ['offline-demo', 'Offline Demo'],
    ]);
  });

  it('gives anonymous visitors chat, home, community and Sign In / Join', () => {
    const expected = [
      ['chat', 'Chat with Vale'],
      ['home', 'Home'],
      ['community', 'Community Hub'],
      ['profile-public', 'Sign In / Join'],
    ];
    expect(titles(null)).toEqual(expected);
    expect(titles(undefined)).toEqual(expected);
  });

  it('keeps each visible label inside the accessible name', () => {
    for (const tab of tabsForRole('admin').concat(tabsForRole(null))) {
      expect(tab.name).toContain(tab.label);
    }
  });

  it('shows a badge only when badgeCount is above 0, never negative', () => {
    const tabs = withBadges(tabsForRole(null), { chat: 3, community: -2, home: 0 });
    expect(tabs.map((tab) => [tab.id, tab.badgeCount, showsBadge(tab)])).toEqual([
      ['chat', 3, true],
      ['home', 0, false],
      ['community', 0, false],
      ['profile-public', 0, false],
    ]);
  });
});

describe('route to tab highlighting (SPEC §2)', () => {
  it.each([
    ['/', 'home'],
    ['/chat', 'chat'],
    ['/chat/thread/4', 'chat'],
    ['/skills', 'skills'],
    ['/skills-public', 'skills'],
    ['/community', 'community'],
    ['/community/posts', 'community'],
    ['/admin', 'admin'],
    ['/admin/users', 'admin'],
    ['/profile/42', 'profile'],
    ['/profile-home', 'profile'],
    ['/profile-public', 'profile-public'],
  ])('%s selects %s', (path, tab) => {
    expect(tabForPath(path)).toBe(tab);
  });

  it.each([
    '/partners',
    '/profile',
    '/profile-client',
    '/profile-public/x',
    '/loading-demo',
    '/nope',
    '/home',
  ])('%s is not recognised', (path) => {
    expect(tabForPath(path)).toBeNull();
  });

  it('leaves the highlighted tab unchanged on unrecognised routes', () => {
    let state = initialActiveTab(tabsForRole('member-tier-1'), '/community');
    expect(state.active).toBe('community');
    state = activeTabReducer(state, { type: 'route', pathname: '/partners' });
    expect(state.active).toBe('community');
    state = activeTabReducer(state, { type: 'route', pathname: '/profile/7' });
    expect(state.active).toBe('profile');
    state = activeTabReducer(state, { type: 'route', pathname: '/' });
    expect(state.active).toBe('home');
  });

  it('does not highlight a tab the bar does not have', () => {
    let state = initialActiveTab(tabsForRole(null), '/chat');
    state = activeTabReducer(state, { type: 'route', pathname: '/skills' });
    expect(state.active).toBe('chat');
  });

  it('starts on home when the first route is not recognised', () => {
    expect(initialActiveTab(tabsForRole(null), '/partners').active).toBe('home');
  });
});

describe('tab targets (SPEC §2)', () => {
  it('sends the profile tab to /profile/{userId}, or /profile-home with no user', () => {
    expect(tabTarget('profile', 'u-1')).toBe('/profile/u-1');
    expect(tabTarget('profile', null)).toBe('/profile-home');
    expect(tabTarget('profile', undefined)).toBe('/profile-home');
  });

  it.each([
    ['home', '/'],
    ['chat', '/chat'],
    ['skills', '/skills'],
    ['community', '/community'],
    ['admin', '/admin'],
    ['offline-demo', '/offline-demo'],
    ['profile-public', '/profile-public'],
  ] as const)('sends %s to %s', (id, path) => {
    expect(tabTarget(id, 'u-1')).toBe(path);
  });
});

describe('selected tab when the tab list changes (SPEC §2)', () => {
  it('defaults to home when the list changes on a route that names no tab', () => {
    let state: ActiveTabState = initialActiveTab(tabsForRole(null), '/community');
    state = activeTabReducer(state, { type: 'route', pathname: '/partners' });
    expect(state.active).toBe('community');
    state = activeTabReducer(state, {
      type: 'tabs',
      tabs: tabsForRole('member-tier-1'),
      pathname: '/partners',
    });
    expect(state.active).toBe('home');
  });

  it('defaults to home, then the current recognised route highlights its tab', () => {
    let state = initialActiveTab(tabsForRole(null), '/profile-public');
    state = activeTabReducer(state, { type: 'tabs', tabs: tabsForRole('admin'), pathname: '/admin/users' });
    expect(state.active).toBe('admin');
  });

  it('keeps the selection when only badges change', () => {
    let state = initialActiveTab(tabsForRole(null), '/community');
    state = activeTabReducer(state, { type: 'route', pathname: '/partners' });
    state = activeTabReducer(state, {
      type: 'tabs',
      tabs: withBadges(tabsForRole(null), { chat: 2 }),
      pathname: '/partners',
    });
    expect(state.active).toBe('community');
  });

  it('selects only tabs that exist', () => {
    const state = initialActiveTab(tabsForRole(null), '/');
    expect(activeTabReducer(state, { type: 'select', id: 'community' }).active).toBe('community');
    expect(activeTabReducer(state, { type: 'select', id: 'admin' }).active).toBe('home');
  });
});

describe('highlightedPath', () => {
  it("gives the member's own profile to the profile tab and another member's to no tab", () => {
    expect(highlightedPath('/profile/u-7', 'u-7')).toBe('/profile/u-7');
    expect(highlightedPath('/profile/u-8', 'u-7')).toBeNull();
    expect(highlightedPath('/profile/u-8', null)).toBeNull();
    expect(highlightedPath('/community', 'u-7')).toBe('/community');
    expect(highlightedPath('/profile-home', null)).toBe('/profile-home');
  });
});
