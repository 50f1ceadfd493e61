import type { Citation } from '@uplift/contracts';
import { BookOpen, CircleStop, RotateCcw, SquarePen, WifiOff } from 'lucide-react';
import { memo, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ChatEntry } from '../stream/chatReducer.ts';
import { CitationChips } from './CitationChips.tsx';
import { CopyButton } from './CopyButton.tsx';
import { MarkdownText } from '../../../ui/MarkdownText.tsx';
import { Button } from '../../../ui/Button.tsx';

interface MessageBubbleProps {
  entry: ChatEntry;
  onOpenCitation: (citation: Citation) => void;
  /** Offered on the last answer when it may be replaced. */
  onRegenerate?: () => void;
  /**
   * Offered on a question once no answer is being written: its new wording is answered again, in place of
   * everything after it. Given the question's key.
   */
  onEdit?: (key: string, text: string) => boolean;
  /** How many messages come after this one: an edited question replaces them all. */
  later?: number;
  /** Offered on an answer whose stream dropped while the server goes on writing it; given its key. */
  onResume?: (key: string) => void;
}

/** What saving an edit replaces, said before the member confirms: Vale's answer, and any later turns. */
function replacedNote(later: number): string {
  const after = later - 1;
  if (after <= 0) return "Saving replaces Vale's answer to this question.";
  return `Saving replaces Vale's answer and removes the ${after} later message${after === 1 ? '' : 's'} below.`;
}

function EditQuestion({
  entry,
  later,
  onSave,
  onCancel,
}: {
  entry: ChatEntry;
  later: number;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const [text, setText] = useState(entry.content);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim()) onSave(text);
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }
  return (
    <form onSubmit={submit} className="ml-auto w-full max-w-xl space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        Edit your question
      </label>
      <textarea
        id={id}
        value={text}
        rows={3}
        // Focus follows the member's choice to edit: to the field they asked for.
        autoFocus
        aria-describedby={noteId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className="w-full rounded-2xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-brand-600"
      />
      <p id={noteId} className="text-sm text-slate-700">
        {replacedNote(later)}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" pill onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" pill type="submit" aria-describedby={noteId} disabled={text.trim() === ''}>
          Save and ask again
        </Button>
      </div>
    </form>
  );
}

function UserBubble({ entry, onEdit, later = 0 }: Pick<MessageBubbleProps, 'entry' | 'onEdit' | 'later'>) {
  const [editing, setEditing] = useState(false);
  if (editing && onEdit)
    return (
      <EditQuestion
        entry={entry}
        later={later}
        onCancel={() => setEditing(false)}
        onSave={(text) => {
          if (onEdit(entry.key, text)) setEditing(false);
        }}
      />
    );
  return (
    <div className="flex flex-col items-end pl-10">
      <div className="max-w-full rounded-3xl rounded-br-md bg-brand-600 px-4 py-2.5 break-words whitespace-pre-wrap text-white shadow-sm">
        <span className="sr-only">You said: </span>
        {entry.content}
      </div>
      {onEdit && (
        <Button variant="secondary" size="sm" pill className="mt-2" onClick={() => setEditing(true)}>
          <SquarePen aria-hidden="true" className="size-4" />
          Edit question
        </Button>
      )}
    </div>
  );
}

// Memoised, having no props: it stays as it is while the answer's text streams in.
const GroundedNote = memo(function GroundedNote() {
  return (
    <p className="mb-2 flex items-center gap-1.5 text-xs font-semibold text-brand-800">
      <BookOpen aria-hidden="true" className="size-3.5 shrink-0" />
      From the Uplift knowledge base only
    </p>
  );
});

function Typing() {
  return (
    <p className="flex items-center gap-1 py-1.5">
      <span className="sr-only">Vale is writing…</span>
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          style={{ animationDelay: `${delay}ms` }}
          className="size-2 rounded-full bg-slate-400 motion-safe:animate-bounce"
        />
      ))}
    </p>
  );
}

function StatusNote({ entry, onResume }: Pick<MessageBubbleProps, 'entry' | 'onResume'>) {
  switch (entry.status) {
    case 'stopped':
      return (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-700">
          <CircleStop aria-hidden="true" className="size-4 shrink-0" />
          Stopped. The answer so far is kept.
        </p>
      );
    case 'failed':
      return <p className="mt-3 text-sm font-medium text-red-800">This answer was cut off.</p>;
    case 'interrupted':
      return (
        <p className="mt-3 text-sm font-medium text-red-800">
          The connection dropped and this answer was cut off. Ask again for the full answer.
        </p>
      );
    case 'detached':
      return (
        <div className="mt-3 space-y-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          <p className="flex items-start gap-1.5 font-medium">
            <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Connection lost. Vale is still writing this answer and it will appear when you are back.
          </p>
          {onResume && (
            <Button variant="secondary" size="sm" pill onClick={() => onResume(entry.key)}>
              Get the rest of the answer
            </Button>
          )}
        </div>
      );
    default:
      return null;
  }
}

function AssistantBubble({ entry, onOpenCitation, onRegenerate, onResume }: MessageBubbleProps) {
  const writing = entry.status === 'streaming';
  return (
    <div className="flex items-start gap-2">
      {/* On a phone the answer takes the whole width; the avatar comes back where there is room. */}
      <span
        aria-hidden="true"
        className="mt-1 hidden size-8 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800 sm:grid"
      >
        V
      </span>
      <div className="min-w-0 flex-1">
        <div
          className="rounded-3xl rounded-tl-md border border-slate-200 bg-white px-4 py-3 text-slate-900 shadow-sm"
          aria-busy={writing || undefined}
        >
          <p className="sr-only">Vale said:</p>
          {entry.groundedOnly && <GroundedNote />}
          {entry.content ? <MarkdownText text={entry.content} /> : writing && <Typing />}
          <StatusNote entry={entry} onResume={onResume} />
          {entry.content !== '' && <CitationChips citations={entry.citations} onOpen={onOpenCitation} />}
        </div>
        {(onRegenerate || (entry.content !== '' && !writing)) && (
          <div className="mt-2 flex flex-wrap gap-2">
            {entry.content !== '' && !writing && <CopyButton text={entry.content} />}
            {onRegenerate && (
              <Button variant="secondary" size="sm" pill onClick={onRegenerate}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Regenerate
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * One message: the member's on the right, Vale's on the left with its sources and state. Memoised: while an
 * answer streams in, the list renders on every token, and only the entry that changed (a new object, see
 * chatReducer) renders again; the callbacks it is given must be the same functions from render to render.
 */
export const MessageBubble = memo(function MessageBubble(props: MessageBubbleProps) {
  return props.entry.role === 'user' ? (
    <UserBubble entry={props.entry} onEdit={props.onEdit} later={props.later} />
  ) : (
    <AssistantBubble {...props} />
  );
});
