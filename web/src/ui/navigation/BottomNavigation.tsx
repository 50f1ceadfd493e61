import type { User } from '@uplift/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isKeyboardVisible, navBottomOffsetPx } from '../../lib/navigation/layout.ts';
import {
  activeTabReducer,
  highlightedPath,
  initialActiveTab,
  tabForPath,
  tabsForRole,
  tabTarget,
  withBadges,
  type ActiveTabState,
  type TabId,
} from '../../lib/navigation/tabs.ts';
import { isNavHiddenOnRoute, isNavVisible } from '../../lib/navigation/visibility.ts';
import { haptics } from '../../lib/native/haptics.ts';
import { BottomNavigationBar } from './BottomNavigationBar.tsx';
import {
  prefersReducedMotion,
  useKeyboardHeight,
  useSafeAreaInsets,
  useScrollVisible,
} from './useShellLayout.ts';

interface BottomNavigationProps {
  /** The signed-in user, or null for an anonymous visitor: decides the tabs and the profile target. */
  user: User | null;
  badgeCounts?: Partial<Record<TabId, number>>;
}

interface TrackedState extends ActiveTabState {
  pathname: string;
}

const noBadges: Partial<Record<TabId, number>> = {};

// Opened by a long press only: its code comes with the first one, not with every first screen (decision 0068).
const ExtendedNavigationSheet = lazy(async () => ({
  default: (await import('./ExtendedNavigationSheet.tsx')).ExtendedNavigationSheet,
}));

function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

/** The bar with its state: tabs per role, highlighting, visibility, layout, and the extended sheet. */
export function BottomNavigation({ user, badgeCounts = noBadges }: BottomNavigationProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const role = user?.role ?? null;
  const userId = user?.id ?? null;
  const tabs = useMemo(() => withBadges(tabsForRole(role), badgeCounts), [role, badgeCounts]);

  // Highlight follows route and tab-list changes; derived during render, as React recommends over effects.
  const routePath = highlightedPath(pathname, userId);
  const [tracked, setTracked] = useState<TrackedState>(() => ({
    ...initialActiveTab(tabs, routePath),
    pathname,
  }));
  let next: TrackedState = tracked;
  if (next.tabs !== tabs)
    next = { ...activeTabReducer(next, { type: 'tabs', tabs, pathname: routePath }), pathname };
  if (next.pathname !== pathname)
    next = { ...activeTabReducer(next, { type: 'route', pathname: routePath }), pathname };
  if (next !== tracked) setTracked(next);

  const [sheet, setSheet] = useState<{ sectionId: TabId; pageId: string; suppressTapsMs: number } | null>(
    null,
  );
  // Once asked for, the sheet stays mounted, so it can animate closed and open again at once.
  const [sheetWanted, setSheetWanted] = useState(false);
  const scrollVisible = useScrollVisible();
  const keyboardHeight = useKeyboardHeight();
  const insets = useSafeAreaInsets();

  if (isNavHiddenOnRoute(pathname)) return null;

  const routeTabId = routePath === null ? null : tabForPath(routePath);

  function select(id: TabId) {
    const target = tabTarget(id, userId);
    haptics.impact('light', 'navigation');
    if (id === next.active && (routeTabId === id || pathname === target)) {
      scrollToTop();
      return;
    }
    setTracked((current) => ({
      ...activeTabReducer(current, { type: 'select', id }),
      pathname: current.pathname,
    }));
    void navigate(target);
  }

  return (
    <>
      <BottomNavigationBar
        tabs={tabs}
        activeId={next.active}
        routeTabId={routeTabId}
        hrefFor={(id) => tabTarget(id, userId)}
        avatarUrl={user?.avatarUrl}
        visible={isNavVisible({
          pathname,
          scrollVisible,
          keyboardVisible: isKeyboardVisible(keyboardHeight),
        })}
        bottomOffset={navBottomOffsetPx(keyboardHeight, insets.bottom)}
        insets={insets}
        onSelect={select}
        onDoubleTap={() => {
          haptics.impact('medium', 'navigation');
          scrollToTop();
        }}
        onLongPress={(id, suppressTapsMs) => {
          haptics.impact('heavy', 'navigation');
          setSheet({ sectionId: id, pageId: pathname, suppressTapsMs });
          setSheetWanted(true);
        }}
        onPreviewChange={(id) => {
          if (id) haptics.selection();
        }}
      />
      {sheetWanted && (
        <Suspense fallback={null}>
          <ExtendedNavigationSheet
            // Leaving the page (e.g. the back button) leaves its sheet behind too.
            open={sheet !== null && sheet.pageId === pathname}
            onClose={() => setSheet(null)}
            sectionId={sheet?.sectionId ?? ''}
            pageId={sheet?.pageId ?? ''}
            ignorePointerMs={sheet?.suppressTapsMs}
          />
        </Suspense>
      )}
    </>
  );
}
