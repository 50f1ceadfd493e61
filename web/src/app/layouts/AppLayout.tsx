import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { useCurrentUser, VerifyEmailBanner } from '../../features/auth/index.ts';
import { useCommunityNewCount } from '../../features/community/index.ts';
import { useUnreadCount } from '../../features/notifications/index.ts';
import { BottomNavigation } from '../../ui/navigation/BottomNavigation.tsx';
import { Main } from './Main.tsx';

/** The member-facing frame. The bottom padding keeps content clear of the bottom navigation bar. */
export function AppLayout() {
  const user = useCurrentUser();
  const unread = useUnreadCount(user?.id ?? null);
  const newPosts = useCommunityNewCount(user?.id ?? null);
  // The unread notifications badge the profile tab, where the member's notification centre is reached;
  // posts by others since the last visit to the feed badge the community tab.
  const badgeCounts = useMemo(() => ({ profile: unread, community: newPosts }), [unread, newPosts]);
  return (
    <>
      <Main layout="app" className="min-h-dvh pb-bottom-nav">
        <VerifyEmailBanner />
        <Outlet />
      </Main>
      <BottomNavigation user={user} badgeCounts={badgeCounts} />
    </>
  );
}
