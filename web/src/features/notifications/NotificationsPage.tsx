import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/index.ts';
import { notificationsQueryOptions } from './api/getNotifications.ts';
import { useMarkAllRead, useMarkRead } from './api/markRead.ts';
import { NotificationItem } from './components/NotificationItem.tsx';
import { PushToggle } from './components/PushToggle.tsx';
import { useUnreadCount } from './useUnreadCount.ts';
import { announce } from '../../ui/announce.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';

/** /notifications: the member's notification centre, newest first, paged by cursor. */
export default function NotificationsPage() {
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  const unread = useUnreadCount(user?.id ?? null);
  const list = useInfiniteQuery({ ...notificationsQueryOptions(userId), enabled: Boolean(user) });
  const markRead = useMarkRead(userId);
  const markAllRead = useMarkAllRead(userId);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  // Nothing to show and the load failed: the error, said in the alert below.
  const failed = list.isError && items.length === 0;

  return (
    <div className="space-y-4 py-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notifications</h1>
          {/* Not a live region: an arrival is said once, as "New notification: …" (decision 0121). */}
          <p className="text-sm text-slate-700">{unread === 0 ? 'All caught up' : `${unread} unread`}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={unread === 0 || markAllRead.isPending}
          onClick={() =>
            markAllRead.mutate(undefined, { onSuccess: () => announce('All caught up', 'polite') })
          }
        >
          Mark all as read
        </Button>
      </header>
      {/* Direct messages have their own screen; new ones are announced here once per conversation. */}
      <Link to="/messages" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        Messages
      </Link>
      {user && <PushToggle key={user.id} userId={user.id} />}
      {/* The alert holds the words only: a button put in with them is more changes to it, each said again.
          Hidden like the empty alert itself until there is a failure, so it takes no room. */}
      <div className={failed ? 'flex flex-wrap items-center gap-x-1' : 'hidden'}>
        <LoadAlert className="text-slate-900">
          {failed && 'Your notifications could not be loaded.'}
        </LoadAlert>
        {failed && (
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        )}
      </div>
      {list.isPending ? (
        <p className="text-slate-700">Loading notifications…</p>
      ) : failed ? null : items.length === 0 ? (
        <p className="text-slate-700">
          No notifications yet. News from the community and partners shows here.
        </p>
      ) : (
        <ul aria-label="Notifications" className="space-y-2">
          {items.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} onOpen={(id) => markRead.mutate(id)} />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          block
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Show older notifications'}
        </Button>
      )}
    </div>
  );
}
