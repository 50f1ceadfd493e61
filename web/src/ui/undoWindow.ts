import { useEffect, useRef } from 'react';
import { toast } from '../lib/toasts/toastStore.ts';

/** How long a reversible action waits for "Undo" before it is sent (decision 0056). */
export const undoWindowMs = 6_000;

interface Pending {
  timer: ReturnType<typeof setTimeout>;
  toastId: string;
  apply: () => void;
}

export interface Undoable {
  /** Said at once in a toast with "Undo" ("Bo will be suspended…"). */
  message: string;
  /** Sends the change: when the window ends, or at once when the admin leaves the page. */
  apply: () => void;
  /** Told when "Undo" was pressed in time: nothing was sent. */
  onUndo?: () => void;
}

/**
 * React-admin's undoable mutations: a reversible action (suspend, unpublish) is announced at once with an
 * "Undo" in the toast and sent only when the window ends, so undoing it sends nothing and nobody is ever
 * half-changed. Leaving the page (unmounting, or the tab going away) sends whatever is still waiting.
 */
export function useUndoWindow(): (action: Undoable) => void {
  const pending = useRef(new Map<number, Pending>());
  const next = useRef(0);

  useEffect(() => {
    const waiting = pending.current;
    function flush() {
      for (const [key, entry] of waiting) {
        clearTimeout(entry.timer);
        waiting.delete(key);
        toast.dismiss(entry.toastId);
        entry.apply();
      }
    }
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  return ({ message, apply, onUndo }) => {
    const waiting = pending.current;
    next.current += 1;
    const key = next.current;
    const toastId = toast.info(message, {
      duration: undoWindowMs,
      action: {
        label: 'Undo',
        handler: () => {
          const entry = waiting.get(key);
          if (!entry) return;
          clearTimeout(entry.timer);
          waiting.delete(key);
          onUndo?.();
          toast.info('Undone: nothing was changed.');
        },
      },
    });
    const timer = setTimeout(() => {
      if (!waiting.delete(key)) return;
      apply();
    }, undoWindowMs);
    waiting.set(key, { timer, toastId, apply });
  };
}
