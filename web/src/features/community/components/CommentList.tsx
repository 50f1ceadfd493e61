import type { CommunityComment } from '@uplift/contracts';
import { useState } from 'react';
import { CommentComposer } from './CommentComposer.tsx';
import { CommentItem } from './CommentItem.tsx';

/** Top-level comments in order, each with its replies (one level) and a reply box when asked. */
export function CommentList({
  postId,
  comments,
  userId,
}: {
  postId: string;
  comments: readonly CommunityComment[];
  userId: string | null;
}) {
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const topLevel = comments.filter((comment) => comment.parentId === null);
  return (
    <ol className="space-y-3">
      {topLevel.map((comment) => {
        const replies = comments.filter((reply) => reply.parentId === comment.id);
        return (
          <li key={comment.id} className="space-y-2">
            <CommentItem comment={comment} signedIn={!!userId} onReply={() => setReplyTo(comment.id)} />
            {(replies.length > 0 || replyTo === comment.id) && (
              <ol className="space-y-2 border-l-2 border-slate-200 pl-3">
                {replies.map((reply) => (
                  <li key={reply.id}>
                    <CommentItem comment={reply} signedIn={!!userId} />
                  </li>
                ))}
                {userId && replyTo === comment.id && (
                  <li>
                    <CommentComposer
                      postId={postId}
                      userId={userId}
                      parentId={comment.id}
                      label={`Reply to ${comment.author.name}`}
                      onDone={() => setReplyTo(null)}
                    />
                  </li>
                )}
              </ol>
            )}
          </li>
        );
      })}
    </ol>
  );
}
