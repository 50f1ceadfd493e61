import { useQueryClient } from '@tanstack/react-query';
import type { ChatStreamEvent } from '@uplift/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError, isAbortError } from '../../../lib/http/index.ts';
import { chatKeys } from '../api/keys.ts';
import { resumeAnswer } from '../api/resumeAnswer.ts';
import { stopAnswer } from '../api/stopAnswer.ts';
import { chatErrorMessage } from '../chatErrors.ts';
import { lastAnswerInProgress } from '../stream/chatReducer.ts';
import { useAutoResume } from './useAutoResume.ts';
import type { ChatStateHandle } from './useChatState.ts';

export type OpenStream = (signal: AbortSignal) => AsyncIterable<ChatStreamEvent>;

interface AnswerStreamsOptions {
  chat: ChatStateHandle;
  userId: string | null;
  refreshConversations: () => void;
}

/**
 * The answers' streams: reading them into the conversation, stopping an answer, and picking one up again
 * after its stream dropped (members' answers go on being written on the server).
 */
export function useAnswerStreams({ chat, userId, refreshConversations }: AnswerStreamsOptions) {
  const { latest, dispatch, setError } = chat;
  const member = userId !== null;
  const queryClient = useQueryClient();
  const [stopping, setStopping] = useState(false);
  const runs = useRef(new Map<string, AbortController>());
  const stopWhenKnown = useRef(new Set<string>());
  // Set below, once `resume` exists: a dropped stream schedules it before that point in this render.
  const resumeLater = useRef<(key: string, messageId: string) => void>(() => undefined);
  const {
    schedule: scheduleResume,
    forget: forgetResumes,
    cancel: cancelResumes,
  } = useAutoResume({ member, latest, resume: resumeLater });

  const abortAll = useCallback(() => {
    for (const controller of runs.current.values()) controller.abort();
    runs.current.clear();
    stopWhenKnown.current.clear();
    cancelResumes();
  }, [cancelResumes]);

  const requestStop = useCallback(
    (key: string, messageId: string) => {
      setStopping(true);
      stopAnswer(messageId)
        .then((message) => dispatch({ type: 'stored', key, message }))
        .catch((caught: unknown) => setError(chatErrorMessage(caught)))
        .finally(() => setStopping(false));
    },
    [dispatch, setError],
  );

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
            forgetResumes(key);
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
    [
      dispatch,
      forgetResumes,
      latest,
      member,
      queryClient,
      refreshConversations,
      requestStop,
      scheduleResume,
      setError,
      userId,
    ],
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
    [dispatch, run],
  );
  useEffect(() => {
    resumeLater.current = resume;
  });

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
  }, [dispatch, latest, member, requestStop]);

  useEffect(() => abortAll, [abortAll]);

  return { run, resume, stop, stopping, abortAll };
}
