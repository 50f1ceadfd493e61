import { communityReactionKinds, type CommunityPost } from '@uplift/contracts';
import { useReact } from '../api/react.ts';
import { usePendingReactions } from '../hooks/usePendingReactions.ts';

/**
 * One toggle per reaction kind with its count; my own reactions show pressed. A visitor sees the counts
 * only: a disabled button would explain itself in a hover title a phone never shows, so the feed's
 * "Sign in to post" card says how to join in instead.
 */
export function ReactionBar({ post, userId }: { post: CommunityPost; userId: string | null }) {
  if (!userId) return <ReactionCounts post={post} />;
  return <ReactionToggles post={post} userId={userId} />;
}

function ReactionCounts({ post }: { post: CommunityPost }) {
  return (
    <ul aria-label="Reactions" className="flex flex-wrap gap-1.5">
      {communityReactionKinds.map((kind) => (
        <li key={kind.id} className="inline-flex min-h-11 items-center gap-1 px-2 text-sm text-slate-800">
          <span className="sr-only">{`${kind.label}, ${post.reactions[kind.id]}`}</span>
          <span aria-hidden="true">{kind.emoji}</span>
          <span aria-hidden="true">{post.reactions[kind.id]}</span>
        </li>
      ))}
    </ul>
  );
}

function ReactionToggles({ post, userId }: { post: CommunityPost; userId: string }) {
  const react = useReact(userId);
  // A reaction tapped offline shows at once, pressed and counted, until the queue sends it.
  const pending = usePendingReactions(post.id, userId);
  return (
    <ul aria-label="Reactions" className="flex flex-wrap gap-1.5">
      {communityReactionKinds.map((kind) => {
        const sentMine = post.myReactions.includes(kind.id);
        const mine = pending.get(kind.id) ?? sentMine;
        const count = post.reactions[kind.id] + (mine === sentMine ? 0 : mine ? 1 : -1);
        return (
          <li key={kind.id}>
            {/* eslint-disable-next-line no-restricted-syntax -- a reaction toggle (aria-pressed) showing its emoji and count */}
            <button
              type="button"
              aria-pressed={mine}
              aria-label={`${kind.label}, ${count}`}
              disabled={react.isPending}
              title={kind.label}
              onClick={() => react.mutate({ postId: post.id, kind: kind.id, on: !mine })}
              className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-900 aria-pressed:border-brand-700 aria-pressed:bg-brand-50"
            >
              <span aria-hidden="true">{kind.emoji}</span>
              <span aria-hidden="true">{count}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
