import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { chatLimits, type ConversationSummary } from '@uplift/contracts';
import { Pencil, Search, SquarePen, Trash2 } from 'lucide-react';
import { memo, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { Sheet } from '../../../ui/Sheet.tsx';
import { useDeleteConversation } from '../api/deleteConversation.ts';
import { conversationsQueryOptions } from '../api/getConversations.ts';
import { useRenameConversation } from '../api/renameConversation.ts';
import { chatErrorMessage } from '../chatErrors.ts';
import { formatRecent } from '../../../lib/format/dateTime.ts';
import { Button } from '../../../ui/Button.tsx';
import { IconButton } from '../../../ui/IconButton.tsx';

interface ConversationsSheetProps {
  open: boolean;
  onClose: () => void;
  userId: string;
  currentId: string | null;
  onSelect: (id: string) => void;
  onNewChat: () => void;
  /** After a conversation is deleted (the screen leaves it if it was open). */
  onDeleted: (id: string) => void;
}

/** Typing pauses this long before the search is asked. */
const searchPauseMs = 250;

type Mode = { kind: 'list' } | { kind: 'rename'; id: string } | { kind: 'delete'; id: string };

function RenameForm({
  conversation,
  onSave,
  onCancel,
  pending,
}: {
  conversation: ConversationSummary;
  onSave: (title: string) => void;
  onCancel: () => void;
  pending: boolean;
}) {
  const id = useId();
  const [title, setTitle] = useState(conversation.title);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.select();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed) onSave(trimmed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Escape leaves the rename, not the whole list.
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  }

  return (
    <form onSubmit={submit} className="space-y-2 py-2">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        Conversation title
      </label>
      <input
        ref={inputRef}
        id={id}
        value={title}
        maxLength={chatLimits.titleMaxChars}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={onKeyDown}
        className="min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-600"
      />
      <div className="flex gap-2">
        <Button size="sm" pill type="submit" disabled={pending || title.trim() === ''}>
          Save
        </Button>
        <Button variant="secondary" size="sm" pill onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeleteConfirmation({
  conversation,
  onConfirm,
  onCancel,
  pending,
}: {
  conversation: ConversationSummary;
  onConfirm: () => void;
  onCancel: () => void;
  pending: boolean;
}) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  // The safe choice has focus, so a stray Enter does not delete anything.
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div role="group" aria-labelledby={id} className="space-y-2 rounded-2xl bg-red-50 p-3">
      <p id={id} className="text-sm font-medium text-red-900">
        Delete “{conversation.title}”? Its messages are deleted too. This cannot be undone.
      </p>
      <div className="flex gap-2">
        <Button variant="danger" size="sm" pill onClick={onConfirm} disabled={pending}>
          Delete
        </Button>
        <Button variant="secondary" size="sm" pill ref={cancelRef} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** A member's conversations: open one, start a new one, rename or delete (after a confirmation). */
export const ConversationsSheet = memo(function ConversationsSheet({
  open,
  onClose,
  userId,
  currentId,
  onSelect,
  onNewChat,
  onDeleted,
}: ConversationsSheetProps) {
  const [search, setSearch] = useState('');
  // Asked once typing pauses, not on every key.
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearched(search.trim()), searchPauseMs);
    return () => clearTimeout(timer);
  }, [search]);
  const conversations = useQuery({
    ...conversationsQueryOptions(userId, searched),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const rename = useRenameConversation(userId);
  const remove = useDeleteConversation(userId);
  const [mode, setModeNow] = useState<Mode>({ kind: 'list' });
  const focusFrameRef = useRef(0);
  useEffect(() => () => cancelAnimationFrame(focusFrameRef.current), []);
  const [error, setError] = useState<string | null>(null);
  const newChatRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  /** A focus move still pending from the previous mode must not land in the next one. */
  function setMode(next: Mode) {
    cancelAnimationFrame(focusFrameRef.current);
    setModeNow(next);
  }

  function close() {
    setSearch('');
    setSearched('');
    setMode({ kind: 'list' });
    setError(null);
    onClose();
  }

  function backToList(focusId?: string) {
    setMode({ kind: 'list' });
    // Back to the control that started it, so keyboard users do not lose their place.
    focusFrameRef.current = requestAnimationFrame(() => {
      const target = focusId
        ? [...(listRef.current?.querySelectorAll<HTMLElement>('[data-rename]') ?? [])].find(
            (button) => button.dataset.rename === focusId,
          )
        : undefined;
      (target ?? newChatRef.current)?.focus();
    });
  }

  function save(id: string, title: string) {
    setError(null);
    rename.mutate(
      { id, title },
      {
        onSuccess: () => backToList(id),
        onError: (caught) => setError(chatErrorMessage(caught)),
      },
    );
  }

  function confirmDelete(id: string) {
    setError(null);
    remove.mutate(id, {
      onSuccess: () => {
        onDeleted(id);
        backToList();
      },
      onError: (caught) => setError(chatErrorMessage(caught)),
    });
  }

  const items = conversations.data?.items ?? [];
  return (
    <Sheet open={open} onClose={close} title="Conversations">
      <Button
        block
        className="mt-4"
        ref={newChatRef}
        onClick={() => {
          onNewChat();
          close();
        }}
      >
        <SquarePen aria-hidden="true" className="size-5" />
        New chat
      </Button>
      <div className="relative mt-3">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-700"
        />
        <input
          type="search"
          aria-label="Search conversations"
          placeholder="Search conversations"
          value={search}
          maxLength={chatLimits.titleMaxChars}
          onChange={(event) => setSearch(event.target.value)}
          className="min-h-11 w-full rounded-xl border border-slate-300 bg-white pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-600 focus-visible:border-brand-600"
        />
      </div>
      <div
        role="alert"
        className={error ? 'mt-3 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800' : ''}
      >
        {error}
      </div>
      {conversations.isPending && (
        <p role="status" className="py-6 text-center text-slate-700">
          Loading conversations…
        </p>
      )}
      <LoadAlert className="py-4 text-slate-700">
        {conversations.isError && chatErrorMessage(conversations.error)}
      </LoadAlert>
      {conversations.isSuccess && items.length === 0 && (
        <p className="py-6 text-center text-slate-700">
          {searched
            ? `No conversation mentions “${searched}”.`
            : 'No conversations yet. Ask Vale something to start one.'}
        </p>
      )}
      {items.length > 0 && (
        <ul ref={listRef} aria-label="Your conversations" className="mt-3 divide-y divide-slate-100">
          {items.map((conversation) => (
            <li key={conversation.id} className="py-1">
              {mode.kind === 'rename' && mode.id === conversation.id ? (
                <RenameForm
                  conversation={conversation}
                  pending={rename.isPending}
                  onSave={(title) => save(conversation.id, title)}
                  onCancel={() => backToList(conversation.id)}
                />
              ) : mode.kind === 'delete' && mode.id === conversation.id ? (
                <DeleteConfirmation
                  conversation={conversation}
                  pending={remove.isPending}
                  onConfirm={() => confirmDelete(conversation.id)}
                  onCancel={() => backToList(conversation.id)}
                />
              ) : (
                <div className="flex items-center gap-1">
                  {/* eslint-disable-next-line no-restricted-syntax -- a conversation row: its title and date fill the list item, marked current */}
                  <button
                    type="button"
                    aria-current={conversation.id === currentId ? 'true' : undefined}
                    onClick={() => {
                      onSelect(conversation.id);
                      close();
                    }}
                    className="min-h-11 min-w-0 flex-1 rounded-xl px-2 py-1.5 text-left hover:bg-slate-50 aria-[current=true]:bg-brand-50"
                  >
                    <span className="block truncate font-medium text-slate-900">{conversation.title}</span>
                    <span className="block text-xs text-slate-700">
                      {conversation.id === currentId ? 'Open now · ' : ''}
                      {formatRecent(conversation.updatedAt)}
                    </span>
                  </button>
                  <IconButton
                    data-rename={conversation.id}
                    label={`Rename “${conversation.title}”`}
                    onClick={() => setMode({ kind: 'rename', id: conversation.id })}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </IconButton>
                  <IconButton
                    label={`Delete “${conversation.title}”`}
                    onClick={() => setMode({ kind: 'delete', id: conversation.id })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </IconButton>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" block className="mt-4 mb-1" onClick={close}>
        Close
      </Button>
    </Sheet>
  );
});
