import { followedPostOf, type MemberNotification } from '@uplift/contracts';
import { Link } from 'react-router';
import { formatRecent, isoOf } from '../../../lib/format/dateTime.ts';
import { Button } from '../../../ui/Button.tsx';
import { useCurrentUser } from '../../auth/index.ts';
import { UnfollowPostButton } from '../../community/index.ts';

interface NotificationItemProps {
  notification: MemberNotification;
  onOpen: (id: string) => void;
}

/**
 * One notification. With a deep link the whole card opens it (and marks it read); without one it offers
 * "Mark as read". Unread ones carry a dot and the words "Unread", so colour is never the only sign.
 */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const unread = notification.readAt === null;
  const userId = useCurrentUser()?.id;
  const content = (
    <>
      <span className="flex items-start gap-2">
        {unread && <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-brand-600" />}
        <span className="min-w-0 flex-1">
          {unread && <span className="sr-only">Unread: </span>}
          <span className={`block break-words ${unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>
            {notification.title}
          </span>
          <span className="mt-0.5 block text-sm break-words text-slate-700">{notification.body}</span>
          <time dateTime={isoOf(notification.createdAt)} className="mt-1 block text-xs text-slate-600">
            {formatRecent(notification.createdAt)}
          </time>
        </span>
      </span>
    </>
  );
  const card = `block min-h-11 rounded-xl border p-3 ${
    unread ? 'border-brand-200 bg-brand-50' : 'border-slate-200 bg-white'
  }`;

  // A reply to a followed post: the notice offers to stop the next ones (issue 45.2).
  const followedPost = followedPostOf(notification.link);
  if (notification.link && followedPost && userId)
    return (
      <div>
        <Link
          to={notification.link}
          className={`${card} hover:border-brand-400`}
          onClick={() => {
            if (unread) onOpen(notification.id);
          }}
        >
          {content}
        </Link>
        <UnfollowPostButton postId={followedPost} userId={userId} />
      </div>
    );
  if (notification.link)
    return (
      <Link
        to={notification.link}
        className={`${card} hover:border-brand-400`}
        onClick={() => {
          if (unread) onOpen(notification.id);
        }}
      >
        {content}
      </Link>
    );
  return (
    <div className={card}>
      {content}
      {unread && (
        <Button variant="secondary" size="sm" onClick={() => onOpen(notification.id)} className="mt-2">
          Mark as read
        </Button>
      )}
    </div>
  );
}
