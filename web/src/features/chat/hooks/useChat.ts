import {
  useQueryClient,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { chatLimits, type ChatStreamEvent } from '@uplift/contracts';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { HttpError, isAbortError } from '../../../lib/http/index.ts';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { askMember } from '../api/askMember.ts';
import { askPublic } from '../api/askPublic.ts';
import { conversationQueryOptions } from '../api/getConversation.ts';
import { conversationsQueryOptions } from '../api/getConversations.ts';
import { chatKeys } from '../api/keys.ts';
import { regenerateAnswer } from '../api/regenerateAnswer.ts';
import { resumeAnswer } from '../api/resumeAnswer.ts';
import { stopAnswer } from '../api/stopAnswer.ts';
import { chatErrorMessage } from '../chatErrors.ts';
import { chatReducer, emptyChat, historyOf, isInProgress, type ChatEntry } from '../stream/chatReducer.ts';
import { loadPublicEntries, savePublicEntries } from '../stream/publicSession.ts';
import { useResumeOnReturn } from './useResumeOnReturn.ts';

type OpenStream = (signal: AbortSignal) => AsyncIterable<ChatStreamEvent>;

interface UseChatOptions {
  /** The signed-in member, or null for an anonymous visitor. */
  userId: string | null;
  /** Members: the conversation to open first (`?c=`); without one, the most recent. */
  initialConversationId?: string | null;
  /** A question the server refused goes back to the composer, so it can be sent again without retyping. */
  onReturnDraft?: (text: string) => void;
}

// Answers whose stream dropped while the page is in view are picked up again this many times on their own.
const autoResumeDelaysMs = [1_000, 3_000, 8_000];

let keyCounter = 0;
function newKey(prefix: string): string {
  keyCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${keyCounter}`;
}

/**
 * Reads a query afresh, or from the copy kept from an earlier visit when the server cannot be reached.
 * `networkMode: 'always'` because a paused query (offline) would otherwise never settle and the screen
 * would wait for it forever.
 */
async function freshOrCached<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<{ data: T; cached: boolean }> {
  try {
    return { data: await queryClient.fetchQuery({ ...options, networkMode: 'always' }), cached: false };
  } catch (caught) {
    const cached = queryClient.getQueryData<T>(options.queryKey);
    if (cached === undefined || caught instanceof HttpError) throw caught;
    return { data: cached, cached: true };
  }
}

function lastAnswerInProgress(entries: readonly ChatEntry[]): ChatEntry | undefined {
  return entries.findLast((entry) => entry.role === 'assistant' && isInProgress(entry));
}

/**
 * Vale's conversation on screen: asking (member or anonymous), streaming, stop, regenerate, and picking an
 * answer up again after its stream dropped (members' answers go on being written on the server).
 */
export function useChat({ userId, initialConversationId = null, onReturnDraft }: UseChatOptions) {
  const member = userId !== null;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, userId, (id) =>
    id === null ? { ...emptyChat, entries: loadPublicEntries() } : emptyChat,
  );
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(member);
  const [stopping, setStopping] = useState(false);
  // The conversation on screen is the copy kept from an earlier visit: read it again once back online.
  const [fromCache, setFromCache] = useState(false);
  const online = useIsOnline();

  const latest = useRef(state);
  const runs = useRef(new Map<string, AbortController>());
  const stopWhenKnown = useRef(new Set<string>());
  const autoResumes = useRef(new Map<string, number>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const loadTicket = useRef(0);
  const returnDraft = useRef(onReturnDraft);
  useEffect(() => {
    latest.current = state;
    returnDraft.current = onReturnDraft;
  });

  const refreshConversations = useCallback(() => {
    if (userId) void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(userId) });
  }, [queryClient, userId]);

  const abortAll = useCallback(() => {
    for (const controller of runs.current.values()) controller.abort();
    runs.current.clear();
    stopWhenKnown.current.clear();
    for (const timer of timers.current) clearTimeout(timer);
    timers.current.clear();
  }, []);

  // Set below, once `resume` exists: a dropped stream schedules it before that point in this render.
  const resumeLater = useRef<(key: string, messageId: string) => void>(() => undefined);

  const scheduleResume = useCallback((key: string, messageId: string) => {
    const attempt = autoResumes.current.get(key) ?? 0;
    const delay = autoResumeDelaysMs[attempt];
    if (delay === undefined) return;
    autoResumes.current.set(key, attempt + 1);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      const entry = latest.current.entries.find((candidate) => candidate.key === key);
      if (entry?.status === 'detached' && document.visibilityState === 'visible' && navigator.onLine) {
        resumeLater.current(key, messageId);
      }
    }, delay);
    timers.current.add(timer);
  }, []);

  const requestStop = useCallback((key: string, messageId: string) => {
    setStopping(true);
    stopAnswer(messageId)
      .then((message) => dispatch({ type: 'stored', key, message }))
      .catch((caught: unknown) => setError(chatErrorMessage(caught)))
      .finally(() => setStopping(false));
  }, []);

  /**
   * Reads one stream into the entry `key`. A newer run for the same entry (or an abort) silences this one.
   * `onRefused` handles a request that failed before any event arrived.
   */
  const run = useCallback(
    async (key: string, open: OpenStream, onRefused: (error: unknown) => void) => {
      runs.current.get(key)?.abort();
      const controller = new AbortController();
      runs.current.set(key, controller);
      let messageId: string | null = null;
      let started = false;
      let ended = false;
      const dropped = () => {
        const resumable = member && messageId !== null;
        dispatch({ type: 'dropped', key, resumable });
        if (resumable && messageId) scheduleResume(key, messageId);
      };
      try {
        for await (const event of open(controller.signal)) {
          if (controller.signal.aborted) return;
          started = true;
          if (event.type === 'meta') {
            messageId = event.messageId;
            if (event.conversationId && event.conversationId !== latest.current.conversationId) {
              refreshConversations();
            }
          }
          dispatch({ type: 'event', key, event });
          if (event.type === 'meta' && messageId && stopWhenKnown.current.delete(key)) {
            requestStop(key, messageId);
          } else if (event.type === 'done') {
            ended = true;
            autoResumes.current.delete(key);
            queryClient.setQueryData(chatKeys.quota(userId), event.quota);
            refreshConversations();
          } else if (event.type === 'error') {
            ended = true;
            setError(event.message);
          }
        }
        if (!ended && !controller.signal.aborted) dropped();
      } catch (caught) {
        if (controller.signal.aborted || isAbortError(caught)) return;
        if (started) dropped();
        else onRefused(caught);
      } finally {
        if (runs.current.get(key) === controller) runs.current.delete(key);
      }
    },
    [member, queryClient, refreshConversations, requestStop, scheduleResume, userId],
  );

  const resume = useCallback(
    (key: string, messageId: string) => {
      dispatch({ type: 'resuming', key });
      void run(
        key,
        (signal) => resumeAnswer(messageId, signal),
        (caught) => {
          // Deleted meanwhile (404): nothing left to wait for. Otherwise try again on the next return.
          const gone = caught instanceof HttpError && caught.status === 404;
          dispatch({ type: 'dropped', key, resumable: !gone });
        },
      );
    },
    [run],
  );
  useEffect(() => {
    resumeLater.current = resume;
  });

  /** Picks up every answer still being written: the stream may have died while the tab was away. */
  const resumeAll = useCallback(() => {
    if (!member) return;
    for (const entry of latest.current.entries) {
      if (entry.role !== 'assistant' || !entry.id || !isInProgress(entry)) continue;
      autoResumes.current.delete(entry.key);
      resume(entry.key, entry.id);
    }
  }, [member, resume]);

  useResumeOnReturn(resumeAll);

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
    [abortAll, queryClient, resume, userId],
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

  useEffect(() => abortAll, [abortAll]);

  // Only on the way back online: reading again while the server is still unreachable would just fail again.
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (!cameBack || !fromCache) return;
    setFromCache(false);
    if (latest.current.conversationId) {
      void openConversation(latest.current.conversationId, { refreshing: true });
    }
  }, [online, fromCache, openConversation]);

  // Saved in the commit that shows the entries, so an answer on screen is never missing after a reload.
  useLayoutEffect(() => {
    if (!member) savePublicEntries(state.entries);
  }, [member, state.entries]);

  const send = useCallback(
    (text: string): boolean => {
      const message = text.trim();
      const current = latest.current;
      if (!message || lastAnswerInProgress(current.entries)) return false;
      setError(null);
      const questionKey = newKey('question');
      const answerKey = newKey('answer');
      const conversationId = current.conversationId;
      const open: OpenStream = member
        ? (signal) => askMember(conversationId ? { conversationId, message } : { message }, signal)
        : (signal) =>
            askPublic(
              {
                message,
                history: historyOf(
                  current.entries,
                  chatLimits.publicHistoryMaxTurns,
                  chatLimits.messageMaxChars * 4,
                ),
              },
              signal,
            );
      dispatch({ type: 'asked', questionKey, answerKey, text: message });
      void run(answerKey, open, (caught) => {
        dispatch({ type: 'withdrawn', keys: [questionKey, answerKey] });
        setError(chatErrorMessage(caught));
        returnDraft.current?.(text);
        if (caught instanceof HttpError && caught.status === 429) {
          void queryClient.invalidateQueries({ queryKey: chatKeys.quota(userId) });
        }
        if (!conversationId) refreshConversations();
      });
      return true;
    },
    [member, queryClient, refreshConversations, run, userId],
  );

  const stop = useCallback(() => {
    const entry = lastAnswerInProgress(latest.current.entries);
    if (!entry) return;
    if (!member) {
      // Nothing is stored for anonymous answers: leaving the stream is what stops it on the server.
      dispatch({ type: 'stopped', key: entry.key });
      runs.current.get(entry.key)?.abort();
      return;
    }
    if (entry.id) requestStop(entry.key, entry.id);
    else {
      stopWhenKnown.current.add(entry.key);
      setStopping(true);
    }
  }, [member, requestStop]);

  const regenerate = useCallback(() => {
    const { conversationId, entries } = latest.current;
    const last = entries.at(-1);
    if (!member || !conversationId || last?.role !== 'assistant' || isInProgress(last)) return;
    setError(null);
    const answerKey = newKey('answer');
    dispatch({ type: 'regenerating', answerKey });
    void run(
      answerKey,
      (signal) => regenerateAnswer(conversationId, signal),
      (caught) => {
        setError(chatErrorMessage(caught));
        if (caught instanceof HttpError && caught.status === 429) {
          void queryClient.invalidateQueries({ queryKey: chatKeys.quota(userId) });
        }
        // The server may have removed the old answer before refusing: show what it has now.
        void openConversation(conversationId).then(() => setError(chatErrorMessage(caught)));
      },
    );
  }, [member, openConversation, queryClient, run, userId]);

  const newChat = useCallback(() => {
    abortAll();
    loadTicket.current += 1;
    setLoading(false);
    setError(null);
    setFromCache(false);
    dispatch({ type: 'loaded', conversationId: null, messages: [] });
  }, [abortAll]);

  const inProgress = lastAnswerInProgress(state.entries);
  return {
    conversationId: state.conversationId,
    entries: state.entries,
    announcement: state.announcement,
    error,
    dismissError: () => setError(null),
    loading,
    /** An answer is being written (or its stream is being picked up again). */
    answering: inProgress !== undefined,
    stopping: stopping && inProgress !== undefined,
    send,
    stop,
    regenerate,
    resume: (key: string) => {
      const entry = state.entries.find((candidate) => candidate.key === key);
      if (entry?.id) resume(entry.key, entry.id);
    },
    openConversation,
    newChat,
  };
}
