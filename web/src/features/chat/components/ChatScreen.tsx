import { useQuery } from '@tanstack/react-query';
import type { Citation } from '@uplift/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { quotaQueryOptions } from '../api/getQuota.ts';
import { useChat } from '../hooks/useChat.ts';
import { AnonymousBanner } from './AnonymousBanner.tsx';
import { ChatAlert } from './ChatAlert.tsx';
import { ChatFrame } from './ChatFrame.tsx';
import { ChatHeader } from './ChatHeader.tsx';
import { CitationSheet } from './CitationSheet.tsx';
import { Composer } from './Composer.tsx';
import { ConversationsSheet } from './ConversationsSheet.tsx';
import { LiveAnnouncer } from './LiveAnnouncer.tsx';
import { loadPendingQuestion, savePendingQuestion } from '../stream/pendingQuestion.ts';
import { MessageList } from './MessageList.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';
import { QuotaNote } from './QuotaNote.tsx';
import { QuotaSpentNotice } from './QuotaSpentNotice.tsx';
import { WelcomePanel } from './WelcomePanel.tsx';

interface ChatScreenProps {
  title: string;
  /** The signed-in member, or null for an anonymous visitor. */
  userId: string | null;
}

/** /chat: Vale for a member (saved conversations) or an anonymous visitor (this tab only). */
export function ChatScreen({ title, userId }: ChatScreenProps) {
  const member = userId !== null;
  const [params, setParams] = useSearchParams();
  const [initialConversationId] = useState(() => params.get('c'));
  const [draft, setDraft] = useState('');
  const [citation, setCitation] = useState<Citation | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const quotaSpentId = useId();
  const online = useIsOnline();
  const [pending, setPendingState] = useState(() => loadPendingQuestion(userId));
  const quota = useQuery(quotaQueryOptions(userId));
  const quotaSpent = online && quota.data?.remaining === 0;
  const chat = useChat({
    userId,
    initialConversationId,
    onReturnDraft: (text) => setDraft((current) => (current.trim() === '' ? text : current)),
  });

  // The open conversation is in the address (?c=), so a reload or a shared link comes back to it.
  const { conversationId, loading } = chat;
  useEffect(() => {
    if (!member || loading) return;
    if ((params.get('c') ?? null) === conversationId) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (conversationId) next.set('c', conversationId);
        else next.delete('c');
        return next;
      },
      { replace: true },
    );
  }, [member, loading, conversationId, params, setParams]);

  function setPending(text: string | null) {
    savePendingQuestion(userId, text);
    setPendingState(text);
  }

  function send(text: string) {
    if (!online) {
      if (text.trim() === '' || pending !== null) return;
      setPending(text.trim());
      setDraft('');
    } else if (chat.send(text)) setDraft('');
  }

  // A question written offline goes as soon as the connection is back and the conversation is on screen.
  const { send: sendNow, answering } = chat;
  useEffect(() => {
    if (!online || pending === null || loading || answering) return;
    // The connection (an outside system) came back: sending is the effect, and the question it sent
    // leaves storage and the screen with it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (sendNow(pending)) setPending(null);
    // setPending only writes storage and state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, pending, loading, answering, sendNow]);

  function newChat() {
    chat.newChat();
    setDraft('');
    composerRef.current?.focus();
  }

  return (
    <>
      <ChatFrame
        header={
          <ChatHeader
            title={title}
            subtitle={<QuotaNote quota={quota.data} className="text-xs text-slate-700" />}
            onNewChat={member || chat.entries.length > 0 ? newChat : undefined}
            onOpenConversations={member ? () => setListOpen(true) : undefined}
          />
        }
        notice={member ? undefined : <AnonymousBanner />}
        messages={
          chat.loading ? (
            <p role="status" className="py-10 text-center text-slate-700">
              Loading your conversation…
            </p>
          ) : (
            <MessageList
              className="-mx-2 flex-1 px-2"
              entries={chat.entries}
              onOpenCitation={setCitation}
              onRegenerate={member ? chat.regenerate : undefined}
              onResume={member ? chat.resume : undefined}
              empty={
                <WelcomePanel onAsk={send} disabled={chat.answering || quotaSpent || pending !== null} />
              }
            />
          )
        }
        footer={
          <>
            <ChatAlert message={chat.error} onDismiss={chat.dismissError} />
            <OfflineNotice
              offline={!online}
              pending={pending}
              onCancelPending={() => {
                setDraft((current) => (current.trim() === '' ? (pending ?? '') : current));
                setPending(null);
              }}
            />
            {quotaSpent && quota.data && (
              <QuotaSpentNotice id={quotaSpentId} quota={quota.data} member={member} />
            )}
            <Composer
              textareaRef={composerRef}
              value={draft}
              onChange={setDraft}
              onSend={() => send(draft)}
              onStop={chat.answering ? chat.stop : undefined}
              answering={chat.answering || pending !== null}
              stopping={chat.stopping}
              disabled={chat.loading || quotaSpent}
              describedBy={quotaSpent ? quotaSpentId : undefined}
            />
          </>
        }
      />
      <LiveAnnouncer announcement={chat.announcement} />
      <CitationSheet citation={citation} onClose={() => setCitation(null)} />
      {userId && (
        <ConversationsSheet
          open={listOpen}
          onClose={() => setListOpen(false)}
          userId={userId}
          currentId={chat.conversationId}
          onSelect={(id) => void chat.openConversation(id)}
          onNewChat={newChat}
          onDeleted={(id) => {
            if (id === chat.conversationId) chat.newChat();
          }}
        />
      )}
    </>
  );
}
