import { useCallback, useRef, type RefObject } from 'react';
import { isInProgress, type ChatState } from '../stream/chatReducer.ts';
import { useResumeOnReturn } from './useResumeOnReturn.ts';

type Resume = (key: string, messageId: string) => void;

interface AutoResumeOptions {
  member: boolean;
  latest: RefObject<ChatState>;
  /** A ref, not the function: resuming runs a stream, and a stream that drops schedules the next resume. */
  resume: RefObject<Resume>;
}

// Answers whose stream dropped while the page is in view are picked up again this many times on their own.
const autoResumeDelaysMs = [1_000, 3_000, 8_000];

/**
 * Picks members' answers up again without being asked (the server goes on writing them): a few times after
 * their stream dropped, and every time the page comes back into view or online.
 */
export function useAutoResume({ member, latest, resume }: AutoResumeOptions) {
  const attempts = useRef(new Map<string, number>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const schedule = useCallback(
    (key: string, messageId: string) => {
      const attempt = attempts.current.get(key) ?? 0;
      const delay = autoResumeDelaysMs[attempt];
      if (delay === undefined) return;
      attempts.current.set(key, attempt + 1);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        const entry = latest.current.entries.find((candidate) => candidate.key === key);
        if (entry?.status === 'detached' && document.visibilityState === 'visible' && navigator.onLine) {
          resume.current(key, messageId);
        }
      }, delay);
      timers.current.add(timer);
    },
    [latest, resume],
  );

  /** An answer that ended, or that is picked up on the member's return, gets its full count of tries back. */
  const forget = useCallback((key: string) => {
    attempts.current.delete(key);
  }, []);

  const cancel = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current.clear();
  }, []);

  /** Picks up every answer still being written: the stream may have died while the tab was away. */
  const resumeAll = useCallback(() => {
    if (!member) return;
    for (const entry of latest.current.entries) {
      if (entry.role !== 'assistant' || !entry.id || !isInProgress(entry)) continue;
      forget(entry.key);
      resume.current(entry.key, entry.id);
    }
  }, [member, latest, forget, resume]);

  useResumeOnReturn(resumeAll);

  return { schedule, forget, cancel };
}
