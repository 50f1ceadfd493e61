import type { Citation } from '@uplift/contracts';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { isInProgress, type ChatEntry } from '../stream/chatReducer.ts';
import { MessageBubble } from './MessageBubble.tsx';

/** The callbacks should be the same functions from render to render: each message renders only on change. */
interface MessageListProps {
  entries: readonly ChatEntry[];
  onOpenCitation: (citation: Citation) => void;
  /** Offered on the last answer once it is finished. */
  onRegenerate?: () => void;
  /** Offered on every question once no answer is being written; given the question's key. */
  onEdit?: (key: string, text: string) => boolean;
  onResume?: (key: string) => void;
  /** Shown instead of the messages when there are none. */
  empty?: ReactNode;
  className?: string;
}

// Within this distance of the bottom the list keeps following a growing answer; further up it stays put.
const followThresholdPx = 96;

/**
 * The conversation, scrolled by itself. It follows the answer being written while the reader is at the
 * bottom, and leaves them alone once they scroll up to read something earlier.
 */
export function MessageList({
  entries,
  onOpenCitation,
  onRegenerate,
  onEdit,
  onResume,
  empty,
  className = '',
}: MessageListProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);
  const countRef = useRef(entries.length);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    // A new message (the reader's own question) always brings the bottom into view.
    if (entries.length > countRef.current) followRef.current = true;
    countRef.current = entries.length;
    if (followRef.current) scroller.scrollTop = scroller.scrollHeight;
  }, [entries]);

  // The keyboard opening shrinks the list: keep the latest message in view.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (followRef.current) scroller.scrollTop = scroller.scrollHeight;
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  function onScroll() {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    followRef.current =
      scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= followThresholdPx;
  }

  const last = entries.at(-1);
  const canRegenerate = onRegenerate && last?.role === 'assistant' && !isInProgress(last);
  const settled = last?.role === 'assistant' && !isInProgress(last);
  return (
    <div
      ref={scrollerRef}
      onScroll={onScroll}
      // Focusable, so keyboard users can scroll the conversation too.
      tabIndex={0}
      role="region"
      aria-label="Conversation"
      className={`overflow-y-auto overscroll-contain ${className}`}
    >
      {entries.length === 0 ? (
        empty
      ) : (
        <ol className="space-y-5 py-4">
          {entries.map((entry, at) => (
            <li key={entry.key}>
              <MessageBubble
                entry={entry}
                onOpenCitation={onOpenCitation}
                onRegenerate={canRegenerate && entry === last ? onRegenerate : undefined}
                onEdit={settled && entry.role === 'user' ? onEdit : undefined}
                later={entries.length - at - 1}
                onResume={entry.status === 'detached' ? onResume : undefined}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
