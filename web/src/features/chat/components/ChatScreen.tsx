import { useQuery } from '@tanstack/react-query';
import type { Citation } from '@uplift/contracts';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDraft } from '../../../lib/drafts/index.ts';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { quotaQueryOptions } from '../api/getQuota.ts';
import { exportConversation } from '../export/exportConversation.ts';
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
  // Kept per member across leaving the page and reloads (decision 0071); a visitor's lasts the screen.
  const [draft, setDraft] = useDraft(userId, 'vale.question');
  const [citation, setCitation] = useState<Citation | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const [exportNote, setExportNote] = useState('');
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

  // The callbacks below are the same functions from render to render (and the elements handed down are
  // kept), so while an answer streams in, the memoised header, composer and the rest do not render again.
  const setPending = useCallback(
    (text: string | null) => {
      savePendingQuestion(userId, text);
      setPendingState(text);
    },
    [userId],
  );

  const { send: sendNow, answering, newChat: clearChat, openConversation } = chat;
  const send = useCallback(
    (text: string) => {
      if (!online) {
        if (text.trim() === '' || pending !== null) return;
        setPending(text.trim());
        setDraft('');
      } else if (sendNow(text)) setDraft('');
    },
    [online, pending, sendNow, setPending, setDraft],
  );
  const sendDraft = useCallback(() => send(draft), [send, draft]);

  // A question written offline goes as soon as the connection is back and the conversation is on screen.
  useEffect(() => {
    if (!online || pending === null || loading || answering) return;
    // The connection (an outside system) came back: sending is the effect, and the question it sent
    // leaves storage and the screen with it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (sendNow(pending)) setPending(null);
  }, [online, pending, loading, answering, sendNow, setPending]);

  const cancelPending = useCallback(() => {
    setDraft((current) => (current.trim() === '' ? (pending ?? '') : current));
    setPending(null);
  }, [pending, setPending, setDraft]);

  const newChat = useCallback(() => {
    clearChat();
    setDraft('');
    composerRef.current?.focus();
  }, [clearChat, setDraft]);

  const openConversations = useCallback(() => setListOpen(true), []);
  const closeConversations = useCallback(() => setListOpen(false), []);
  const closeCitation = useCallback(() => setCitation(null), []);
  const selectConversation = useCallback((id: string) => void openConversation(id), [openConversation]);
  const onDeleted = useCallback(
    (id: string) => {
      if (id === conversationId) clearChat();
    },
    [conversationId, clearChat],
  );

  // Named after the first question, as the server names a member's conversation.
  const { entries } = chat;
  const exportable =
    !answering && entries.some((entry) => entry.role === 'assistant' && entry.content !== '');
  const exportNow = useCallback(() => {
    const first =
      entries
        .find((entry) => entry.role === 'user')
        ?.content.replace(/\s+/g, ' ')
        .trim() ?? '';
    const title = first.length > 60 ? `${first.slice(0, 57)}…` : first || 'Conversation with Vale';
    setExportNote('');
    exportConversation(title, entries).then(setExportNote, () =>
      setExportNote('The conversation could not be exported. Try again.'),
    );
  }, [entries]);

  const quotaNote = useMemo(
    () => <QuotaNote quota={quota.data} className="text-xs text-slate-700" />,
    [quota.data],
  );

  return (
    <>
      <ChatFrame
        header={
          <ChatHeader
            title={title}
            subtitle={quotaNote}
            onNewChat={member || chat.entries.length > 0 ? newChat : undefined}
            onOpenConversations={member ? openConversations : undefined}
            onExport={exportable ? exportNow : undefined}
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
              onEdit={chat.editQuestion}
              onResume={member ? chat.resume : undefined}
              empty={<WelcomePanel onAsk={send} disabled={answering || quotaSpent || pending !== null} />}
            />
          )
        }
        footer={
          <>
            <ChatAlert message={chat.error} onDismiss={chat.dismissError} />
            <p
              aria-live="polite"
              className={exportNote ? 'mb-2 text-sm font-medium text-slate-800' : 'sr-only'}
            >
              {exportNote}
            </p>
            <OfflineNotice offline={!online} pending={pending} onCancelPending={cancelPending} />
            {quotaSpent && quota.data && (
              <QuotaSpentNotice id={quotaSpentId} quota={quota.data} member={member} />
            )}
            <Composer
              textareaRef={composerRef}
              value={draft}
              onChange={setDraft}
              onSend={sendDraft}
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
      <CitationSheet citation={citation} onClose={closeCitation} />
      {userId && (
        <ConversationsSheet
          open={listOpen}
          onClose={closeConversations}
          userId={userId}
          currentId={conversationId}
          onSelect={selectConversation}
          onNewChat={newChat}
          onDeleted={onDeleted}
        />
      )}
    </>
  );
}
