import { useQuery } from '@tanstack/react-query';
import { Bookmark, BellOff, BellRing, BookmarkCheck } from 'lucide-react';
import { standingQueryOptions, useSetBookmarked, useSetFollowing } from '../api/standing.ts';
import { Button } from '../../../ui/Button.tsx';

/**
 * The member's own standing with a post, on its thread: follow it (replies notify them; writing on it
 * follows it by itself) and save it to the Saved list. Both work offline: the choice shows at once and is
 * sent when the connection returns.
 */
export function PostStanding({ postId, userId }: { postId: string; userId: string }) {
  const standing = useQuery(standingQueryOptions(userId, postId));
  const follow = useSetFollowing(userId, postId);
  const save = useSetBookmarked(userId, postId);
  if (!standing.data) return null;
  const { following, bookmarked } = standing.data;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => follow.mutate(!following)}>
        {following ? (
          <BellOff aria-hidden="true" className="size-4" />
        ) : (
          <BellRing aria-hidden="true" className="size-4" />
        )}
        {following ? 'Unfollow post' : 'Follow post'}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => save.mutate(!bookmarked)}>
        {bookmarked ? (
          <BookmarkCheck aria-hidden="true" className="size-4" />
        ) : (
          <Bookmark aria-hidden="true" className="size-4" />
        )}
        {bookmarked ? 'Remove from Saved' : 'Save post'}
      </Button>
      <p role="status" className="sr-only">
        {following ? 'You follow this post: replies notify you.' : ''}
      </p>
    </div>
  );
}

/** "Unfollow this post" under a notice about a reply: stops the next ones without opening the thread. */
export function UnfollowPostButton({ postId, userId }: { postId: string; userId: string }) {
  const follow = useSetFollowing(userId, postId);
  if (follow.isSuccess && follow.variables === false)
    return (
      <p role="status" className="mt-2 text-sm text-slate-700">
        Unfollowed: replies to this post no longer notify you.
      </p>
    );
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={follow.isPending}
      onClick={() => follow.mutate(false)}
      className="mt-2"
    >
      Unfollow this post
    </Button>
  );
}
