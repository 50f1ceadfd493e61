import { chatLimits } from '@uplift/contracts';
import { ArrowUp, Square } from 'lucide-react';
import {
  memo,
  useId,
  useLayoutEffect,
  useRef,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { IconButton } from '../../../ui/IconButton.tsx';

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Sends the current value; the parent clears it. */
  onSend: () => void;
  /** Offered while an answer is being written. */
  onStop?: () => void;
  /** An answer is being written: nothing more can be sent until it ends. */
  answering: boolean;
  stopping?: boolean;
  /** E.g. while a conversation loads. */
  disabled?: boolean;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  /** The id of what explains a disabled composer, read with the field. */
  describedBy?: string;
}

const maxChars = chatLimits.messageMaxChars;
// The counter shows once a message comes within this many characters of the limit.
const counterFrom = maxChars - 200;
const maxHeightPx = 160;

/**
 * Where a question is written. Enter sends and Shift+Enter starts a new line (as does Enter while an input
 * method is composing). The field grows with its text up to a few lines. Memoised: it stays as it is while
 * an answer streams in, given the same callbacks from render to render.
 */
export const Composer = memo(function Composer({
  value,
  onChange,
  onSend,
  onStop,
  answering,
  stopping = false,
  disabled = false,
  textareaRef,
  describedBy,
}: ComposerProps) {
  const id = useId();
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const fieldRef = textareaRef ?? ownRef;
  const canSend = value.trim() !== '' && !answering && !disabled;
  const showCounter = value.length >= counterFrom;

  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (!field) return;
    field.style.height = 'auto';
    field.style.height = `${Math.min(field.scrollHeight, maxHeightPx)}px`;
  }, [fieldRef, value]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSend) return;
    // Send is disabled while Vale answers, and a focused control that is disabled drops the focus to the
    // page: the keyboard and the screen reader go back to the field, where the next question is written.
    fieldRef.current?.focus();
    onSend();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  }

  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-message`} className="sr-only">
          Message Vale
        </label>
        <textarea
          ref={fieldRef}
          id={`${id}-message`}
          name="message"
          rows={1}
          value={value}
          maxLength={maxChars}
          disabled={disabled}
          enterKeyHint="send"
          placeholder="Ask Vale anything…"
          aria-describedby={
            [describedBy, showCounter ? `${id}-counter` : undefined].filter(Boolean).join(' ') || undefined
          }
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="block max-h-40 min-h-11 w-full resize-none rounded-3xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 disabled:bg-slate-100"
        />
        {showCounter && (
          <p
            id={`${id}-counter`}
            className={`mt-1 px-4 text-right text-xs font-medium ${
              value.length >= maxChars ? 'text-red-800' : 'text-slate-700'
            }`}
          >
            {value.length.toLocaleString('en')} / {maxChars.toLocaleString('en')} characters
          </p>
        )}
      </div>
      {answering && onStop && (
        <IconButton
          variant="secondary"
          onClick={onStop}
          disabled={stopping}
          label={stopping ? 'Stopping' : 'Stop'}
        >
          <Square aria-hidden="true" className="size-4 fill-current" />
        </IconButton>
      )}
      <IconButton variant="primary" type="submit" disabled={!canSend} label="Send">
        <ArrowUp aria-hidden="true" className="size-5" strokeWidth={2.5} />
      </IconButton>
    </form>
  );
});
