import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { inputClass } from './Field.tsx';

interface ConfirmDialogProps {
  open: boolean;
  /** The question; it names the dialog ("Suspend all 37 members that match?"). */
  title: string;
  /** What happens, said plainly; it describes the dialog. */
  children?: ReactNode;
  /** The confirming button's words: the action itself ("Suspend 37 members"), never "OK". */
  confirmLabel: string;
  /** Red for what cannot be taken back. */
  tone?: 'danger' | 'default';
  /**
   * A typed confirmation: the button stays disabled until the field holds `expected` (case and surrounding
   * spaces aside). What was typed is handed to `onConfirm`, for a server that checks it too.
   */
  typed?: { label: string; expected: string };
  /** An optional note in the admin's words (a suspension's reason), handed to `onConfirm` trimmed. */
  note?: { label: string; maxLength: number };
  busy?: boolean;
  onConfirm: (typed: string, note: string) => void;
  onCancel: () => void;
}

/**
 * One confirmation for every consequential action: a native modal `<dialog>` (focus kept inside, the page
 * behind inert, Escape cancels), named by its question and described by what will happen. Cancel comes
 * first and has focus, so neither Enter nor a stray tap confirms.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  // Mounted afresh for each opening, so nothing typed last time is still there.
  return props.open ? <OpenConfirmDialog {...props} /> : null;
}

function OpenConfirmDialog({
  title,
  children,
  confirmLabel,
  tone = 'default',
  typed,
  note,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const fieldId = useId();
  const noteId = useId();
  const [noteText, setNoteText] = useState('');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const onCancelRef = useRef(onCancel);
  const [text, setText] = useState('');
  useEffect(() => {
    onCancelRef.current = onCancel;
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal: there the dialog is simply open.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    (fieldRef.current ?? cancelRef.current)?.focus();
    function onNativeCancel(event: Event) {
      event.preventDefault();
      onCancelRef.current();
    }
    dialog.addEventListener('cancel', onNativeCancel);
    return () => {
      dialog.removeEventListener('cancel', onNativeCancel);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, []);

  const matches = !typed || text.trim().toLowerCase() === typed.expected.trim().toLowerCase();

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      className="m-auto w-[calc(100vw-1.5rem)] max-w-md rounded-card bg-surface p-4 text-ink shadow-xl backdrop:bg-black/50"
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !busy) onConfirm(text, noteText.trim());
        }}
        className="space-y-3"
      >
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="space-y-2 text-sm break-words text-ink-muted">
            {children}
          </div>
        ) : null}
        {note ? (
          <div className="space-y-1">
            <label htmlFor={noteId} className="block text-sm font-medium break-words">
              {note.label}
            </label>
            <textarea
              id={noteId}
              value={noteText}
              maxLength={note.maxLength}
              rows={3}
              onChange={(event) => setNoteText(event.currentTarget.value)}
              className={`${inputClass} py-3`}
            />
          </div>
        ) : null}
        {typed ? (
          <div className="space-y-1">
            <label htmlFor={fieldId} className="block text-sm font-medium break-words">
              {typed.label}
            </label>
            <input
              id={fieldId}
              ref={fieldRef}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              className={inputClass}
            />
          </div>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button ref={cancelRef} variant="secondary" size="sm" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={tone === 'danger' ? 'danger' : 'primary'}
            size="sm"
            disabled={!matches}
            loading={busy}
          >
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
