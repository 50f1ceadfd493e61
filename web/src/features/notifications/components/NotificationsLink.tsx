import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../auth/index.ts';
import { useUnreadCount } from '../useUnreadCount.ts';

/** The way to the notification centre, with the unread count in its name for screen readers. */
export function NotificationsLink({ className = '' }: { className?: string }) {
  const user = useCurrentUser();
  const unread = useUnreadCount(user?.id ?? null);
  return (
    <Link to="/notifications" className={className}>
      <Bell aria-hidden="true" className="size-5" />
      Notifications
      {unread > 0 && (
        <span className="rounded-full bg-brand-700 px-2 text-sm text-white">
          {unread > 99 ? '99+' : unread}
          <span className="sr-only"> unread</span>
        </span>
      )}
    </Link>
  );
}
