import type { Role } from '@uplift/contracts';

/** Icons the shell draws; SPEC §2 names home, chat, skills, community, map and profile. */
export type IconName =
  'home' | 'chat' | 'skills' | 'community' | 'map' | 'profile' | 'admin' | 'offline' | 'sign-in';

export type TabId =
  'chat' | 'skills' | 'home' | 'community' | 'profile' | 'admin' | 'offline-demo' | 'profile-public';

/** SPEC §3 navigation item. `name` is SPEC's tab title and the tab's accessible name. */
export interface NavigationItem {
  id: TabId;
  name: string;
  /** The short visible label; always a part of `name`, so speech users can say what they see. */
  label: string;
  /** A shorter one where seven tabs share a 320 px bar (about 41 px each); also a part of `name`. */
  compactLabel?: string;
  description: string;
  icon: IconName;
  /** Non-negative; the badge shows when above 0. */
  badgeCount: number;
}

const items: Record<TabId, NavigationItem> = {
  chat: {
    id: 'chat',
    name: 'Chat with Vale',
    label: 'Chat',
    description: 'Ask Vale, the AI assistant',
    icon: 'chat',
    badgeCount: 0,
  },
  skills: {
    id: 'skills',
    name: 'Skills Assessment',
    label: 'Skills',
    description: 'Assess your career skills',
    icon: 'skills',
    badgeCount: 0,
  },
  home: { id: 'home', name: 'Home', label: 'Home', description: 'Start here', icon: 'home', badgeCount: 0 },
  community: {
    id: 'community',
    name: 'Community Hub',
    label: 'Community',
    compactLabel: 'Hub',
    description: 'Share progress with other members',
    icon: 'community',
    badgeCount: 0,
  },
  profile: {
    id: 'profile',
    name: 'Profile Management',
    label: 'Profile',
    description: 'Your profile and settings',
    icon: 'profile',
    badgeCount: 0,
  },
  admin: {
    id: 'admin',
    name: 'Admin Portal',
    label: 'Admin',
    description: 'Manage users and content',
    icon: 'admin',
    badgeCount: 0,
  },
  'offline-demo': {
    id: 'offline-demo',
    name: 'Offline Demo',
    label: 'Offline',
    description: 'Try the app without a connection',
    icon: 'offline',
    badgeCount: 0,
  },
  'profile-public': {
    id: 'profile-public',
    name: 'Sign In / Join',
    label: 'Sign In',
    description: 'Sign in or create an account',
    icon: 'sign-in',
    badgeCount: 0,
  },
};

const anonymousTabs: readonly TabId[] = ['chat', 'home', 'community', 'profile-public'];
const memberTabs: readonly TabId[] = ['chat', 'skills', 'home', 'community', 'profile'];
// Appended after profile so Home keeps the wide middle slot of SPEC §9's six-tab widths.
const adminExtraTabs: readonly TabId[] = ['admin', 'offline-demo'];

/** SPEC §2 and §6: the tab set of a role; `null` is an anonymous visitor. */
export function tabsForRole(role: Role | null | undefined): NavigationItem[] {
  const ids = !role ? anonymousTabs : role === 'admin' ? [...memberTabs, ...adminExtraTabs] : memberTabs;
  return ids.map((id) => items[id]);
}

/** Applies badge counts (negative or fractional counts are not counts, so they become 0). */
export function withBadges(
  tabs: readonly NavigationItem[],
  counts: Partial<Record<TabId, number>>,
): NavigationItem[] {
  return tabs.map((tab) => {
    const count = counts[tab.id] ?? tab.badgeCount;
    return { ...tab, badgeCount: Number.isFinite(count) && count > 0 ? Math.floor(count) : 0 };
  });
}

export function showsBadge(item: NavigationItem): boolean {
  return item.badgeCount > 0;
}

/**
 * SPEC §2 route-to-tab highlighting. `null` means the route is not recognised, so the highlight stays.
 * Prefixes are plain string prefixes, as SPEC writes them: /skills-public is under /skills.
 */
export function tabForPath(pathname: string): TabId | null {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/chat')) return 'chat';
  if (pathname.startsWith('/skills')) return 'skills';
  if (pathname.startsWith('/community')) return 'community';
  if (pathname.startsWith('/admin')) return 'admin';
  if (pathname.startsWith('/profile/') || pathname === '/profile-home') return 'profile';
  if (pathname === '/profile-public') return 'profile-public';
  return null;
}

/**
 * The path the bar highlights for: SPEC's /profile/{id} is "the signed-in profile", so another member's
 * profile belongs to no tab (null), and the highlight stays where the member came from (issue 44.16).
 */
export function highlightedPath(pathname: string, userId: string | null): string | null {
  const ownProfile = userId ? tabTarget('profile', userId) : null;
  return pathname.startsWith('/profile/') && pathname !== ownProfile ? null : pathname;
}

/** SPEC §2: where selecting a tab goes. The profile tab needs the signed-in user's id. */
export function tabTarget(id: TabId, userId: string | null | undefined): string {
  switch (id) {
    case 'home':
      return '/';
    case 'profile':
      return userId ? `/profile/${encodeURIComponent(userId)}` : '/profile-home';
    default:
      return `/${id}`;
  }
}

export interface ActiveTabState {
  tabs: readonly NavigationItem[];
  active: TabId;
}

/** A null pathname is a route no tab claims (see highlightedPath). */
export type ActiveTabEvent =
  | { type: 'route'; pathname: string | null }
  | { type: 'tabs'; tabs: readonly NavigationItem[]; pathname: string | null }
  | { type: 'select'; id: TabId };

function sameTabIds(a: readonly NavigationItem[], b: readonly NavigationItem[]): boolean {
  return a.length === b.length && a.every((tab, index) => tab.id === b[index]?.id);
}

/** A recognised route highlights its tab when that tab is in the bar; anything else keeps `active`. */
function highlightFor(pathname: string | null, tabs: readonly NavigationItem[], active: TabId): TabId {
  const id = pathname === null ? null : tabForPath(pathname);
  return id && tabs.some((tab) => tab.id === id) ? id : active;
}

export function initialActiveTab(tabs: readonly NavigationItem[], pathname: string | null): ActiveTabState {
  return { tabs, active: highlightFor(pathname, tabs, 'home') };
}

/**
 * The highlighted tab. When the tab list changes (sign in, sign out, role change) it falls back to home,
 * and then the current route, if recognised, highlights its own tab as it does on every navigation.
 */
export function activeTabReducer(state: ActiveTabState, event: ActiveTabEvent): ActiveTabState {
  switch (event.type) {
    case 'route': {
      const active = highlightFor(event.pathname, state.tabs, state.active);
      return active === state.active ? state : { ...state, active };
    }
    case 'tabs': {
      if (sameTabIds(state.tabs, event.tabs)) return { ...state, tabs: event.tabs };
      return { tabs: event.tabs, active: highlightFor(event.pathname, event.tabs, 'home') };
    }
    case 'select':
      return state.tabs.some((tab) => tab.id === event.id) ? { ...state, active: event.id } : state;
  }
}
