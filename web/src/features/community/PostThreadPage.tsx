import { useQuery, useQueryClient } from '@tanstack/react-query';
import { communityEvents, communityLimits, plainMentions } from '@uplift/contracts';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLiveEvent, type LiveEvent } from '../../lib/live/index.ts';
import { useIsOnline } from '../../lib/offline/index.ts';
import { LoadAlert } from '../../ui/LoadAlert.tsx';
import { useUndoWindow } from '../../ui/undoWindow.ts';
import { useCurrentUser } from '../auth/index.ts';
import { topicsQueryOptions } from './api/getFeed.ts';
import { threadQueryOptions } from './api/getThread.ts';
import { useDeletePost, useEditPost } from './api/writePost.ts';
import { CommentComposer } from './components/CommentComposer.tsx';
import { CommentList } from './components/CommentList.tsx';
import { EditHistory } from './components/EditHistory.tsx';
import { PostCard } from './components/PostCard.tsx';
import { topicName } from './components/topicName.ts';
import { QuoteButton } from './components/QuoteButton.tsx';
import { ThreadSince } from './components/NewSince.tsx';
import { PostStanding } from './components/PostStanding.tsx';
import { ReportForm } from './components/ReportForm.tsx';
import { TextEditor } from './components/TextEditor.tsx';
import { notLanded, usePendingWrites } from './hooks/usePendingWrites.ts';
import { Button } from '../../ui/Button.tsx';

/** /community/posts/:id: the post, its comments and replies, live as others write. */
export default function PostThreadPage() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const online = useIsOnline();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const thread = useQuery(threadQueryOptions(id));
  const topics = useQuery(topicsQueryOptions()).data?.items ?? [];
  const [editing, setEditing] = useState(false);
  const edit = useEditPost(id, user?.id ?? null);
  const remove = useDeletePost(id);
  // Deleting waits for the undo window (decision 0056); leaving the page sends it at once.
  const undoable = useUndoWindow();
  const [deleting, setDeleting] = useState(false);
  // Quote-reply: the post's card is where a selection is quoted from; each press adds one quote.
  const postArea = useRef<HTMLDivElement>(null);
  const [quote, setQuote] = useState<{ markdown: string; n: number }>();
  const pendingComments = notLanded(
    usePendingWrites('comment', user?.id ?? null).filter((write) =>
      write.url.includes(`/community/posts/${id}/comments`),
    ),
    thread.data?.comments.map((comment) => comment.id) ?? [],
  );
  // Written offline and not sent yet: the server does not know it, but its author can already comment.
  const pendingPost = usePendingWrites('post', user?.id ?? null).find((write) => write.serverId === id);

  const refreshIfMine = (event: LiveEvent) => {
    if (event.data.postId === id)
      void queryClient.invalidateQueries({ queryKey: threadQueryOptions(id).queryKey });
  };
  useLiveEvent(communityEvents.commentCreated, refreshIfMine);
  useLiveEvent(communityEvents.commentChanged, refreshIfMine);
  useLiveEvent(communityEvents.reactionsChanged, refreshIfMine);
  useLiveEvent(communityEvents.postChanged, refreshIfMine);
  useLiveEvent(communityEvents.postRemoved, refreshIfMine);

  const back = (
    <Link to="/community" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
      Back to the community
    </Link>
  );
  const pendingList = pendingComments.map((write) => (
    <p key={write.id} className="rounded-xl border border-dashed border-slate-400 bg-white p-3">
      <span className="block text-sm font-medium text-amber-900">Pending</span>
      <span className="break-words whitespace-pre-wrap">{plainMentions(write.body)}</span>
    </p>
  ));
  if (!thread.data && pendingPost && user) {
    return (
      <div className="space-y-5 py-6">
        {back}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Community post</h1>
        <article
          aria-label="Pending post"
          className="space-y-2 rounded-2xl border border-dashed border-slate-400 bg-white p-4"
        >
          <p className="text-sm font-medium text-amber-900">
            Pending{pendingPost.topicId ? ` · ${topicName(topics, pendingPost.topicId)}` : ''}
          </p>
          <p className="break-words whitespace-pre-wrap text-slate-900">{plainMentions(pendingPost.body)}</p>
          <p className="text-sm text-slate-700">It will be posted when you are back online.</p>
        </article>
        <section aria-labelledby="comments-heading" className="space-y-3 rounded-2xl bg-slate-50 p-3">
          <h2 id="comments-heading" className="text-lg font-semibold text-slate-900">
            Comments
          </h2>
          {pendingList.length === 0 && <p className="text-slate-700">No comments yet.</p>}
          {pendingList}
          <CommentComposer postId={id} userId={user.id} label="Add a comment" />
        </section>
      </div>
    );
  }
  if (!thread.data) {
    return (
      <div className="space-y-4 py-6">
        {back}
        <h1 className="text-2xl font-bold text-slate-900">Community post</h1>
        <LoadAlert className="text-slate-700">
          {thread.isError && 'This post could not be found. It may have been removed.'}
        </LoadAlert>
        {thread.isError ? null : (
          <p role="status" className="text-slate-700">
            {online ? 'Loading the post…' : 'This thread needs a connection the first time.'}
          </p>
        )}
      </div>
    );
  }

  const { post, comments } = thread.data;
  return (
    <div className="space-y-5 py-6">
      {back}
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Community post</h1>
      {editing ? (
        <TextEditor
          label="Edit post"
          initial={post.body}
          maxLength={communityLimits.postMax}
          busy={edit.isPending}
          onCancel={() => setEditing(false)}
          onSave={(body) => edit.mutate(body, { onSuccess: () => setEditing(false) })}
        />
      ) : (
        <div ref={postArea}>
          <PostCard post={post} topics={topics} userId={user?.id ?? null} headingLevel="h2" />
        </div>
      )}
      {!editing && post.editedAt && <EditHistory postId={post.id} />}
      {user && !post.deleted && !editing && (
        <div className="flex flex-wrap gap-1">
          <QuoteButton
            source={postArea}
            text={post.body}
            onQuote={(markdown) => setQuote((last) => ({ markdown, n: (last?.n ?? 0) + 1 }))}
          />
          {post.mine ? (
            <>
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                Edit post
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={deleting}
                onClick={() => {
                  setDeleting(true);
                  undoable({
                    message: 'Your post will be deleted.',
                    apply: () => remove.mutate(undefined, { onSuccess: () => void navigate('/community') }),
                    onUndo: () => setDeleting(false),
                  });
                }}
              >
                Delete post
              </Button>
            </>
          ) : (
            <ReportForm target={{ postId: post.id }} what="post" />
          )}
        </div>
      )}
      {user && !post.deleted && <PostStanding postId={post.id} userId={user.id} />}

      <section aria-labelledby="comments-heading" className="space-y-3 rounded-2xl bg-slate-50 p-3">
        <h2 id="comments-heading" className="text-lg font-semibold text-slate-900">
          Comments
        </h2>
        {comments.length === 0 && pendingComments.length === 0 && (
          <p className="text-slate-700">No comments yet.</p>
        )}
        <ThreadSince
          postId={post.id}
          userId={user?.id ?? null}
          shownUpTo={comments.reduce(
            (latest, c) => (c.createdAt > latest ? c.createdAt : latest),
            post.createdAt,
          )}
        >
          <CommentList postId={post.id} comments={comments} userId={user?.id ?? null} />
        </ThreadSince>
        {pendingList}
        {user && !post.deleted && (
          <CommentComposer postId={post.id} userId={user.id} label="Add a comment" quote={quote} />
        )}
      </section>
    </div>
  );
}
