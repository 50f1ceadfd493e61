import { communityLimits } from '@uplift/contracts';
import { type FormEvent } from 'react';
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
}: {
  postId: string;
  userId: string;
  parentId?: string;
  label: string;
  onDone?: () => void;
}) {
  // One draft per post, and per comment replied to (decision 0071).
  const [body, setBody, clearBody] = useDraft(userId, `community.comment.${postId}.${parentId ?? 'post'}`);
  const create = useCreateComment(postId, userId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    create.mutate(
      { body: body.trim(), parentId },
      {
        onSuccess: () => {
          clearBody();
          onDone?.();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label={label} className="space-y-2">
      <MentionCombobox
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
