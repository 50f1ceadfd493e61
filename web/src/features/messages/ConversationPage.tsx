import { useQuery } from '@tanstack/react-query';
import type { CannotMessageReason } from '@uplift/contracts';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { HttpError } from '../../lib/http/index.ts';
import { BackLink } from '../../ui/BackLink.tsx';
import { LoadAlert } from '../../ui/LoadAlert.tsx';
import { useCurrentUser } from '../auth/index.ts';
import { conversationQueryOptions } from './api/conversations.ts';
import { useMarkConversationRead } from './api/markRead.ts';
import { ConversationActions } from './components/ConversationActions.tsx';
import { MessageComposer } from './components/MessageComposer.tsx';
import { MessageThread } from './components/MessageThread.tsx';
import { useMessagesLive } from './hooks/useMessagesLive.ts';
import { usePendingMessages } from './hooks/usePendingMessages.ts';

const cannotSend: Record<CannotMessageReason, (name: string) => string> = {
  'blocked-by-you': (name) => `You blocked ${name}. Unblock them to send a message.`,
  unavailable: (name) => `You can’t message ${name}.`,
  'not-accepting': (name) => `${name} isn’t taking messages from you.`,
};

/** /messages/:memberId: the conversation with one member, live, with "Seen" and offline sending. */
export default function ConversationPage() {
  const { memberId = '' } = useParams();
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  useMessagesLive(userId);
  const conversation = useQuery({ ...conversationQueryOptions(userId, memberId), enabled: Boolean(user) });
  const pending = usePendingMessages(userId, memberId);
  const markRead = useMarkConversationRead(memberId);
  const newest = conversation.data?.messages.at(-1);
  const unreadNewest = newest && !newest.mine ? newest.id : null;
  const { mutate: markReadUpTo } = markRead;
  useEffect(() => {
    if (unreadNewest) markReadUpTo(unreadNewest);
  }, [unreadNewest, markReadUpTo]);

  const data = conversation.data;
  const error = conversation.error;
  const missing = error instanceof HttpError && [400, 404].includes(error.status);
  // Loading, failed and loaded share one tree, so the alert is in the page from the first render, and a
  // refetch that fails later (a live event's) puts its words in that same alert: said once (decision
  // 0121). The conversation already loaded stays in view under it.
  return (
    <div className="space-y-4 py-4">
      <BackLink fallback={{ to: '/messages', label: 'messages' }} />
      {data || error ? (
        <h1 className="text-2xl font-bold tracking-tight text-ink">
          {data?.member.displayName ?? 'Conversation'}
        </h1>
      ) : (
        <p className="text-ink-muted">Loading the conversation…</p>
      )}
      <LoadAlert className="text-ink">
        {error &&
          (missing
            ? 'There is no member to message here.'
            : 'The conversation could not be loaded. Check your connection and try again.')}
      </LoadAlert>
      {data && (
        <>
          <MessageThread conversation={data} pending={pending} />
          {data.cannotMessage ? (
            <p role="status" className="rounded-card bg-surface-muted p-3 text-ink">
              {cannotSend[data.cannotMessage](data.member.displayName)}
            </p>
          ) : (
            <MessageComposer userId={userId} member={data.member} />
          )}
          <ConversationActions userId={userId} conversation={data} />
        </>
      )}
    </div>
  );
}
