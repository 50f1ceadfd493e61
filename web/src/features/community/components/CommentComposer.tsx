import { communityLimits } from '@uplift/contracts';
import { useEffect, useRef, type FormEvent } from 'react';
import { useDraft } from '../../../lib/drafts/index.ts';
import { useCreateComment } from '../api/writeComment.ts';
import { MentionCombobox } from './MentionCombobox.tsx';
import { Button } from '../../../ui/Button.tsx';

/** Writes a comment, or a reply to one; offline it waits in the queue behind what was written before. */
export function CommentComposer({
  postId,
  userId,
  parentId,
  label,
  onDone,
  quote,
}: {
  postId: string;
  userId: string;
  parentId?: string;
  label: string;
  onDone?: () => void;
  /** A Markdown blockquote to add to the draft (quote-reply); `n` tells one press from the next. */
  quote?: { markdown: string; n: number };
}) {
  // One draft per post, and per comment replied to (decision 0071).
  const [body, setBody] = useDraft(userId, `community.comment.${postId}.${parentId ?? 'post'}`);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!quote) return;
    setBody((draft) => (draft.trim() ? `${draft.trimEnd()}\n\n` : '') + quote.markdown);
    field.current?.focus();
  }, [quote, setBody]);
  const create = useCreateComment(postId, userId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = body.trim();
    if (!sent) return;
    create.mutate(
      { body: sent, parentId },
      {
        onSuccess: () => {
          // Typed or quoted while the comment was in flight stays in the box; only what was sent goes.
          setBody((current) => withoutSent(current, sent));
          onDone?.();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={label} className="space-y-2">
      <MentionCombobox
        ref={field}
        label={label}
        value={body}
        onChange={setBody}
        maxLength={communityLimits.commentMax}
        rows={2}
      />
      {create.isError && (
        <p role="alert" className="text-sm text-red-800">
          The comment could not be sent.
        </p>
      )}
      <Button type="submit" disabled={create.isPending || !body.trim()}>
        Send
      </Button>
    </form>
  );
}

/**
 * The box once `sent` has landed: what was added after it stays. A quote joins the draft after its trimmed
 * end, so the sent text is compared trimmed; a box changed inside the sent text is left as it is.
 */
function withoutSent(current: string, sent: string): string {
  const text = current.trimStart();
  return text.startsWith(sent) ? text.slice(sent.length).trimStart() : current;
}
