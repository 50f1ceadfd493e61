import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { chatReducer, emptyChat, type ChatEntry } from '../stream/chatReducer.ts';
import { entriesToKeep, loadPublicEntries, sameEntries, savePublicEntries } from '../stream/publicSession.ts';

/** What useChat's parts are given to change the conversation on screen. */
export type ChatStateHandle = Pick<ReturnType<typeof useChatState>, 'latest' | 'dispatch' | 'setError'>;

/**
 * The conversation on screen and the error shown with it; `latest` is the state as of the last render, for
 * callbacks that outlive it. An anonymous visitor's conversation is kept in this tab's session, since the
 * server stores nothing for them; a member's starts empty and is loaded from the server.
 */
export function useChatState(userId: string | null) {
  const member = userId !== null;
  const [state, dispatch] = useReducer(chatReducer, userId, (id) =>
    id === null ? { ...emptyChat, entries: loadPublicEntries() } : emptyChat,
  );
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  // Saved in the commit that shows the entries, so an answer on screen is never missing after a reload;
  // only when a finished entry changed, not on every token of the answer being written.
  const saved = useRef<readonly ChatEntry[] | null>(null);
  useLayoutEffect(() => {
    if (member) return;
    const kept = entriesToKeep(state.entries);
    if (saved.current && sameEntries(saved.current, kept)) return;
    savePublicEntries(kept);
    saved.current = kept;
  }, [member, state.entries]);

  return { state, dispatch, error, setError, latest };
}
