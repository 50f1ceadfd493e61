import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatRecent, isoOf } from '../../lib/format/dateTime.ts';
import { LoadAlertWithRetry } from '../../ui/LoadAlert.tsx';
import { useCurrentUser } from '../auth/index.ts';
import { conversationsQueryOptions } from './api/conversations.ts';
import { useMessagesLive } from './hooks/useMessagesLive.ts';

/** /messages: the member's conversations, the most recent first, with what is unread; live. */
export default function MessagesPage() {
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  useMessagesLive(userId);
  const list = useQuery({ ...conversationsQueryOptions(userId), enabled: Boolean(user) });
  const items = list.data?.items ?? [];

  return (
    <div className="space-y-4 py-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Messages</h1>
        <p className="text-sm text-ink-muted">
          Choose who can message you in{' '}
          <Link to="/profile-client" className="font-medium text-accent underline underline-offset-2">
            Settings
          </Link>
          .
        </p>
      </header>
      <LoadAlertWithRetry
        failure={list.isError ? 'Your conversations could not be loaded.' : null}
        onRetry={() => void list.refetch()}
        alertClassName="text-ink"
      />
      {list.isPending ? (
        <p className="text-ink-muted">Loading conversations…</p>
      ) : list.isError ? null : items.length === 0 ? (
        <p className="text-ink-muted">
          No conversations yet. Open a member’s profile and choose Message to start one.
        </p>
      ) : (
        <ul aria-label="Conversations" className="space-y-2">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={`/messages/${item.member.id}`}
                className="block min-h-touch rounded-card border border-line bg-surface p-3 text-ink hover:bg-surface-muted"
              >
                <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className="font-semibold break-words">{item.member.displayName}</span>
                  <time dateTime={isoOf(item.lastMessage.createdAt)} className="text-xs text-ink-muted">
                    {formatRecent(item.lastMessage.createdAt)}
                  </time>
                </span>
                <span className="block truncate text-sm text-ink-muted">
                  {item.lastMessage.mine ? 'You: ' : ''}
                  {item.lastMessage.body}
                </span>
                {item.unread > 0 && (
                  <span className="mt-1 inline-block rounded-full bg-accent px-2 text-xs font-semibold text-on-accent">
                    {item.unread} unread
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
