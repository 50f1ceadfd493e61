import { communityLimits, type CommunityComment } from '@uplift/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useCurrentUser } from '../../auth/index.ts';
import { useChangeComment } from '../api/writeComment.ts';
import { AuthorLine } from './AuthorLine.tsx';
import { EditHistory } from './EditHistory.tsx';
import { NewMark } from './NewSince.tsx';
import { PostBody } from './PostBody.tsx';
import { ReportForm } from './ReportForm.tsx';
import { TextEditor } from './TextEditor.tsx';
import { Button } from '../../../ui/Button.tsx';

/** One comment: its text, and Reply / Edit / Delete / Report as the reader may. */
export function CommentItem({
  comment,
  signedIn,
  onReply,
}: {
  comment: CommunityComment;
  signedIn: boolean;
  onReply?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const change = useChangeComment(comment.postId, useCurrentUser()?.id ?? null);
  const gone = comment.deleted || (comment.hidden && !comment.mine);

  return (
    <article
      aria-label={comment.deleted ? 'Removed comment' : `Comment by ${comment.author.name}`}
      className="space-y-2 rounded-xl bg-white p-3"
    >
      {/* A deleted comment keeps its place in the thread, but names nobody: not "Former member", which
          would read as if its author had left. */}
      {!comment.deleted && (
        <AuthorLine
          author={comment.author}
          at={comment.createdAt}
          extra={comment.editedAt ? 'edited' : undefined}
        />
      )}
      {!comment.deleted && <NewMark at={comment.createdAt} mine={comment.mine} />}
      {comment.hidden && !comment.deleted && (
        <p className="text-sm font-medium text-red-800">Hidden by a moderator</p>
      )}
      {gone ? (
        <p className="text-slate-700 italic">This comment was removed.</p>
      ) : editing ? (
        <TextEditor
          label="Edit comment"
          initial={comment.body}
          maxLength={communityLimits.commentMax}
          busy={change.isPending}
          onCancel={() => setEditing(false)}
          onSave={(body) =>
            change.mutate({ commentId: comment.id, body }, { onSuccess: () => setEditing(false) })
          }
        />
      ) : (
        <PostBody text={comment.body} mentions={comment.mentions} />
      )}
      {!gone && !editing && comment.editedAt && (
        <EditHistory postId={comment.postId} commentId={comment.id} />
      )}
      {!gone && signedIn && !editing && (
        <div className="flex flex-wrap gap-1">
          {onReply && (
            <Button variant="ghost" size="sm" onClick={onReply}>
              Reply
            </Button>
          )}
          {comment.mine ? (
            <>
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                Edit comment
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirmingDelete(true)}>
                Delete comment
              </Button>
              <ConfirmDialog
                open={confirmingDelete}
                title="Delete this comment?"
                confirmLabel="Delete comment"
                tone="danger"
                onCancel={() => setConfirmingDelete(false)}
                onConfirm={() => {
                  setConfirmingDelete(false);
                  change.mutate({ commentId: comment.id, body: null });
                }}
              >
                Its text is removed for everyone. Replies to it stay.
              </ConfirmDialog>
            </>
          ) : (
            <ReportForm target={{ postId: comment.postId, commentId: comment.id }} what="comment" />
          )}
        </div>
      )}
    </article>
  );
}
