import type { DirectConversation } from '@uplift/contracts';
import { formatRecent, isoOf } from '../../../lib/format/dateTime.ts';
import type { PendingMessage } from '../hooks/usePendingMessages.ts';

const bubble = 'max-w-[85%] whitespace-pre-wrap break-words rounded-card px-3 py-2';

/**
 * The conversation, oldest first, as a log (screen readers hear what arrives). The member's own messages
 * sit on the right; "Seen" marks the newest one the other member has read; queued ones show as pending.
 */
export function MessageThread({
  conversation,
  pending,
}: {
  conversation: DirectConversation;
  pending: PendingMessage[];
}) {
  const landed = new Set(conversation.messages.map((message) => message.id));
  const waiting = pending.filter((message) => !message.messageId || !landed.has(message.messageId));
  if (conversation.messages.length === 0 && waiting.length === 0) {
    return <p className="text-ink-muted">No messages yet. Say hello to {conversation.member.displayName}.</p>;
  }
  return (
    // The log announces what arrives; the list inside keeps the messages countable for screen readers.
    <div role="log" aria-label={`Messages with ${conversation.member.displayName}`}>
      <ol className="space-y-3">
        {conversation.messages.map((message) => (
          <li key={message.id} className={`flex flex-col ${message.mine ? 'items-end' : 'items-start'}`}>
            <span className="sr-only">{message.mine ? 'You:' : `${conversation.member.displayName}:`}</span>
            <p
              className={`${bubble} ${message.mine ? 'bg-accent text-on-accent' : 'bg-surface-muted text-ink'}`}
            >
              {message.body}
            </p>
            <span className="text-xs text-ink-muted">
              <time dateTime={isoOf(message.createdAt)}>{formatRecent(message.createdAt)}</time>
              {message.id === conversation.seenMessageId && <> · Seen</>}
            </span>
          </li>
        ))}
        {waiting.map((message) => (
          <li key={message.id} className="flex flex-col items-end">
            <span className="sr-only">You:</span>
            <p className={`${bubble} border border-dashed border-line-strong bg-surface text-ink`}>
              {message.body}
            </p>
            <span className="text-xs text-ink-muted">Pending: sends when you’re back online</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
