import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../lib/http/index.ts';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { conversationQueryOptions } from '../api/getConversation.ts';
import { conversationsQueryOptions } from '../api/getConversations.ts';
import { chatErrorMessage } from '../chatErrors.ts';
import { freshOrCached } from './freshOrCached.ts';
import type { ChatStateHandle } from './useChatState.ts';

interface ConversationLoaderOptions {
  chat: ChatStateHandle;
  userId: string | null;
  initialConversationId: string | null;
  /** Ends every stream of the conversation being left. */
  abortAll: () => void;
  resume: (key: string, messageId: string) => void;
}

/**
 * Which of a member's conversations is on screen: the one asked for on arrival (else the most recent), one
 * opened later, or a new one; read again once back online when the copy on screen came from an earlier visit.
 */
export function useConversationLoader({
  chat,
  userId,
  initialConversationId,
  abortAll,
  resume,
}: ConversationLoaderOptions) {
  const { latest, dispatch, setError } = chat;
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(userId !== null);
  // The conversation on screen is the copy kept from an earlier visit: read it again once back online.
  const [fromCache, setFromCache] = useState(false);
  const online = useIsOnline();
  const loadTicket = useRef(0);

  const openConversation = useCallback(
    /** `refreshing`: re-reading the copy on screen; if that fails, the copy stays (it is not wiped). */
    async (conversationId: string, { refreshing = false }: { refreshing?: boolean } = {}) => {
      if (!userId) return;
      abortAll();
      const ticket = ++loadTicket.current;
      setError(null);
      setLoading(true);
      try {
        const { data: detail, cached } = await freshOrCached(
          queryClient,
          conversationQueryOptions(userId, conversationId),
        );
        if (ticket !== loadTicket.current) return;
        setFromCache(cached);
        dispatch({ type: 'loaded', conversationId: detail.id, messages: detail.messages });
        // A copy from an earlier visit: answers it shows as in progress are picked up once back online.
        if (cached) return;
        for (const message of detail.messages) {
          if (message.role === 'assistant' && message.status === 'streaming') resume(message.id, message.id);
        }
      } catch (caught) {
        if (ticket !== loadTicket.current) return;
        const missing = caught instanceof HttpError && (caught.status === 404 || caught.status === 400);
        // Just back online, the first requests may still fail: keep showing the copy kept from before.
        if (refreshing && !missing) {
          setFromCache(true);
          return;
        }
        setError(missing ? 'That conversation no longer exists.' : chatErrorMessage(caught));
        dispatch({ type: 'loaded', conversationId: null, messages: [] });
      } finally {
        if (ticket === loadTicket.current) setLoading(false);
      }
    },
    [abortAll, dispatch, queryClient, resume, setError, userId],
  );

  // A member comes back to the conversation they asked for, else to their most recent one.
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    void (async () => {
      let target = initialConversationId;
      if (!target) {
        try {
          const list = await freshOrCached(queryClient, conversationsQueryOptions(userId));
          target = list.data.items[0]?.id ?? null;
          if (list.cached) setFromCache(true);
        } catch {
          target = null;
        }
      }
      if (cancelled) return;
      if (target) await openConversation(target);
      else setLoading(false);
    })();
    return () => {
      cancelled = true;
    };
    // Only on arrival: later changes of the conversation go through openConversation and newChat.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  // Only on the way back online: reading again while the server is still unreachable would just fail again.
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (!cameBack || !fromCache) return;
    setFromCache(false);
    if (latest.current.conversationId) {
      // The connection (an outside system) came back: reading again is the effect, and shows it is loading.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      void openConversation(latest.current.conversationId, { refreshing: true });
    }
  }, [online, fromCache, latest, openConversation]);

  const newChat = useCallback(() => {
    abortAll();
    loadTicket.current += 1;
    setLoading(false);
    setError(null);
    setFromCache(false);
    dispatch({ type: 'loaded', conversationId: null, messages: [] });
  }, [abortAll, dispatch, setError]);

  return { loading, openConversation, newChat };
}
