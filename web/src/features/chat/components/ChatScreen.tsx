import { useQuery } from '@tanstack/react-query';
import type { Citation } from '@uplift/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
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
import { MessageList } from './MessageList.tsx';
import { QuotaNote } from './QuotaNote.tsx';
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
  const quota = useQuery(quotaQueryOptions(userId));
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

  function send(text: string) {
    if (chat.send(text)) setDraft('');
  }

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
              empty={<WelcomePanel onAsk={send} disabled={chat.answering} />}
            />
          )
        }
        footer={
          <>
            <ChatAlert message={chat.error} onDismiss={chat.dismissError} />
            <Composer
              textareaRef={composerRef}
              value={draft}
              onChange={setDraft}
              onSend={() => send(draft)}
              onStop={chat.stop}
              answering={chat.answering}
              stopping={chat.stopping}
              disabled={chat.loading}
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
