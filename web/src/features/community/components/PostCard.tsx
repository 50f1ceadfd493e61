import type { CommunityPost, CommunityTopic } from '@uplift/contracts';
import { MessageSquare, Pin } from 'lucide-react';
import { Link } from 'react-router';
import { useHasRole } from '../../auth/index.ts';
import { AuthorLine } from './AuthorLine.tsx';
import { NewMark } from './NewSince.tsx';
import { PinButton } from './PinButton.tsx';
import { PostBody } from './PostBody.tsx';
import { ReactionBar } from './ReactionBar.tsx';
import { topicName } from './topicName.ts';

interface PostCardProps {
  post: CommunityPost;
  topics: readonly CommunityTopic[];
  userId: string | null;
  /** h3 inside the feed's "Posts" section; h2 on its own thread page. */
  headingLevel?: 'h2' | 'h3';
}

/** One post of the feed: who, where, when, the text, reactions, a way into its thread, and admins' pin. */
export function PostCard({ post, topics, userId, headingLevel: Heading = 'h3' }: PostCardProps) {
  const admin = useHasRole('admin');
  const comments = post.commentCount === 1 ? '1 comment' : `${post.commentCount} comments`;
  return (
    <article
      aria-labelledby={`post-${post.id}`}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <Heading id={`post-${post.id}`} className="sr-only">
        Post by {post.author.name}
      </Heading>
      <div className="flex items-start justify-between gap-2">
        <AuthorLine author={post.author} at={post.createdAt} extra={topicName(topics, post.topicId)} />
        <NewMark at={post.createdAt} mine={post.mine} />
        {post.pinned && (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-1 text-xs font-medium text-amber-900">
            <Pin aria-hidden="true" className="size-3.5" /> Pinned
          </span>
        )}
      </div>
      {post.hidden && (
        <p className="text-sm font-medium text-red-800">
          {post.pendingReview ? 'Hidden pending review: several members flagged it' : 'Hidden by a moderator'}
        </p>
      )}
      {post.deleted ? (
        <p className="text-slate-700 italic">This post was deleted.</p>
      ) : (
        <PostBody text={post.body} mentions={post.mentions} />
      )}
      {post.image && (
        <img
          src={post.image.url}
          alt={post.image.alt}
          loading="lazy"
          decoding="async"
          className="max-h-96 w-full rounded-xl bg-slate-100 object-contain"
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ReactionBar post={post} userId={userId} />
        <Link
          to={`/community/posts/${post.id}`}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          <MessageSquare aria-hidden="true" className="size-4" />
          {comments}
          <span className="sr-only"> on the post by {post.author.name}</span>
        </Link>
        {admin && !post.deleted && <PinButton post={post} />}
      </div>
    </article>
  );
}
