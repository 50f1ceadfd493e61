import { useQueryClient } from '@tanstack/react-query';
import { chatLimits } from '@uplift/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { HttpError } from '../../../lib/http/index.ts';
import { askMember } from '../api/askMember.ts';
import { askPublic } from '../api/askPublic.ts';
import { chatKeys } from '../api/keys.ts';
import { regenerateAnswer } from '../api/regenerateAnswer.ts';
import { chatErrorMessage } from '../chatErrors.ts';
import {
  historyOf,
  isInProgress,
  lastAnswerInProgress,
  type ChatEntry,
  type ChatState,
} from '../stream/chatReducer.ts';
import { useAnswerStreams, type OpenStream } from './useAnswerStreams.ts';
import { useChatState } from './useChatState.ts';
import { useConversationLoader } from './useConversationLoader.ts';

interface UseChatOptions {
  /** The signed-in member, or null for an anonymous visitor. */
  userId: string | null;
  /** Members: the conversation to open first (`?c=`); without one, the most recent. */
  initialConversationId?: string | null;
  /** A question the server refused goes back to the composer, so it can be sent again without retyping. */
  onReturnDraft?: (text: string) => void;
}

let keyCounter = 0;
function newKey(prefix: string): string {
  keyCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${keyCounter}`;
}

/**
 * Vale's conversation on screen: asking (member or anonymous), streaming, stop, regenerate, and picking an
 * answer up again after its stream dropped (members' answers go on being written on the server).
 */
export function useChat({ userId, initialConversationId = null, onReturnDraft }: UseChatOptions) {
  const member = userId !== null;
  const queryClient = useQueryClient();
  const chat = useChatState(userId);
  const { state, dispatch, error, setError, latest } = chat;
  const returnDraft = useRef(onReturnDraft);
  useEffect(() => {
    returnDraft.current = onReturnDraft;
  });

  const refreshConversations = useCallback(() => {
    if (userId) void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(userId) });
  }, [queryClient, userId]);

  const { run, resume, stop, stopping, abortAll } = useAnswerStreams({ chat, userId, refreshConversations });
  const { loading, openConversation, newChat } = useConversationLoader({
    chat,
    userId,
    initialConversationId,
    abortAll,
    resume,
  });

  /** Asks `text` after the conversation `current` (what is on screen, unless a turn was just withdrawn). */
  const sendAfter = useCallback(
    (text: string, current: ChatState): boolean => {
      const message = text.trim();
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
    [dispatch, member, queryClient, refreshConversations, run, setError, userId],
  );
  const send = useCallback((text: string) => sendAfter(text, latest.current), [latest, sendAfter]);

  /**
   * A new answer to the last question, or to `question` (an earlier one, whose later turns are dropped),
   * as sent or as `edited`, the member's new wording of it.
   */
  const answerAgain = useCallback(
    (change: { question?: ChatEntry; edited?: string } = {}) => {
      const { question, edited } = change;
      const { conversationId, entries } = latest.current;
      const last = entries.at(-1);
      if (!member || !conversationId || last?.role !== 'assistant' || isInProgress(last)) return false;
      setError(null);
      const answerKey = newKey('answer');
      dispatch({
        type: 'regenerating',
        answerKey,
        ...(question ? { questionKey: question.key } : {}),
        ...(edited === undefined ? {} : { edited }),
      });
      const request = {
        ...(question?.id ? { questionId: question.id } : {}),
        ...(edited === undefined ? {} : { message: edited }),
      };
      void run(
        answerKey,
        (signal) => regenerateAnswer(conversationId, signal, request),
        (caught) => {
          setError(chatErrorMessage(caught));
          if (caught instanceof HttpError && caught.status === 429) {
            void queryClient.invalidateQueries({ queryKey: chatKeys.quota(userId) });
          }
          // The server may have changed the conversation before refusing: show what it has now.
          void openConversation(conversationId).then(() => setError(chatErrorMessage(caught)));
        },
      );
      return true;
    },
    [dispatch, latest, member, openConversation, queryClient, run, setError, userId],
  );
  const regenerate = useCallback(() => void answerAgain(), [answerAgain]);

  /**
   * One of the member's questions, edited and answered again; every turn after it is replaced. A member's
   * conversation keeps the new wording (the server replaces the question and drops the later turns); a
   * visitor's question and what followed leave the screen and the new wording is asked after the rest.
   */
  const editQuestion = useCallback(
    (key: string, text: string): boolean => {
      const message = text.trim();
      const { entries } = latest.current;
      const at = entries.findIndex((entry) => entry.key === key);
      const question = entries[at];
      const last = entries.at(-1);
      if (!message || question?.role !== 'user' || !last || isInProgress(last)) return false;
      const isLast = entries.findLastIndex((entry) => entry.role === 'user') === at;
      if (member) {
        // The server knows an earlier question by its id (a question is stored with its answer's `meta`).
        if (!isLast && !question.id) return false;
        return answerAgain({ question, edited: message });
      }
      dispatch({ type: 'withdrawn', keys: entries.slice(at).map((entry) => entry.key) });
      // Asked after the turns before it (the screen still has the withdrawn ones until it renders).
      return sendAfter(message, { ...latest.current, entries: entries.slice(0, at) });
    },
    [answerAgain, dispatch, latest, member, sendAfter],
  );

  // The same function every render, so the messages on screen need not render again for a new one.
  const resumeEntry = useCallback(
    (key: string) => {
      const entry = latest.current.entries.find((candidate) => candidate.key === key);
      if (entry?.id) resume(entry.key, entry.id);
    },
    [latest, resume],
  );

  const dismissError = useCallback(() => setError(null), [setError]);

  const inProgress = lastAnswerInProgress(state.entries);
  return {
    conversationId: state.conversationId,
    entries: state.entries,
    announcement: state.announcement,
    error,
    dismissError,
    loading,
    /** An answer is being written (or its stream is being picked up again). */
    answering: inProgress !== undefined,
    stopping: stopping && inProgress !== undefined,
    send,
    stop,
    regenerate,
    editQuestion,
    resume: resumeEntry,
    openConversation,
    newChat,
  };
}
