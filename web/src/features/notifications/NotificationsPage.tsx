import { useInfiniteQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../auth/index.ts';
import { notificationsQueryOptions } from './api/getNotifications.ts';
import { useMarkAllRead, useMarkRead } from './api/markRead.ts';
import { NotificationItem } from './components/NotificationItem.tsx';
import { PushToggle } from './components/PushToggle.tsx';
import { useUnreadCount } from './useUnreadCount.ts';

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg border px-3 text-sm font-medium disabled:opacity-50';

/** /notifications: the member's notification centre, newest first, paged by cursor. */
export default function NotificationsPage() {
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  const unread = useUnreadCount(user?.id ?? null);
  const list = useInfiniteQuery({ ...notificationsQueryOptions(userId), enabled: Boolean(user) });
  const markRead = useMarkRead(userId);
  const markAllRead = useMarkAllRead(userId);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="space-y-4 py-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notifications</h1>
          <p className="text-sm text-slate-700" aria-live="polite">
            {unread === 0 ? 'All caught up' : `${unread} unread`}
          </p>
        </div>
        <button
          type="button"
          disabled={unread === 0 || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
          className={`${button} border-brand-700 text-brand-800`}
        >
          Mark all as read
        </button>
      </header>
      {user && <PushToggle key={user.id} userId={user.id} />}
      {list.isPending ? (
        <p className="text-slate-700">Loading notifications…</p>
      ) : list.isError && items.length === 0 ? (
        <p role="alert" className="text-slate-900">
          Your notifications could not be loaded.{' '}
          <button type="button" onClick={() => void list.refetch()} className={`${button} border-slate-300`}>
            Try again
          </button>
        </p>
      ) : items.length === 0 ? (
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
        <button
          type="button"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
          className={`${button} w-full border-slate-300 text-slate-800`}
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Show older notifications'}
        </button>
      )}
    </div>
  );
}
