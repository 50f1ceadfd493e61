import { communityReactionKinds, type CommunityPost } from '@uplift/contracts';
import { useReact } from '../api/react.ts';

/** One toggle per reaction kind with its count; my own reactions show pressed. */
export function ReactionBar({ post, userId }: { post: CommunityPost; userId: string | null }) {
  const react = useReact(userId ?? '');
  return (
    <ul aria-label="Reactions" className="flex flex-wrap gap-1.5">
      {communityReactionKinds.map((kind) => {
        const mine = post.myReactions.includes(kind.id);
        const count = post.reactions[kind.id];
        return (
          <li key={kind.id}>
            <button
              type="button"
              aria-pressed={mine}
              aria-label={`${kind.label}, ${count}`}
              disabled={!userId || react.isPending}
              title={userId ? kind.label : 'Sign in to react'}
              onClick={() => react.mutate({ postId: post.id, kind: kind.id, on: !mine })}
              className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-900 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 disabled:cursor-not-allowed"
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
