import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { communityEvents } from '@uplift/contracts';
import { Link } from 'react-router';
import { formatMoment } from '../../../lib/format/dateTime.ts';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { activityKey, activityQueryOptions } from '../api/getActivity.ts';
import { topicsQueryOptions } from '../api/getFeed.ts';
import { topicName } from './topicName.ts';

/**
 * A member's posts and comments on their profile (issue 45.5), newest first, "Load more" for the next page.
 * The server lists only what this reader may see; live changes refetch it.
 */
export function MemberActivity({ memberId, own }: { memberId: string; own: boolean }) {
  const queryClient = useQueryClient();
  const activity = useInfiniteQuery(activityQueryOptions(memberId));
  const topics = useQuery(topicsQueryOptions()).data?.items ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: activityKey(memberId) });
  // Whatever may change how the list reads: a new post or comment, an edit, a removal.
  useLiveEvent(communityEvents.postCreated, refresh);
  useLiveEvent(communityEvents.postChanged, refresh);
  useLiveEvent(communityEvents.postRemoved, refresh);
  useLiveEvent(communityEvents.commentCreated, refresh);
  useLiveEvent(communityEvents.commentChanged, refresh);
  const items = activity.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="activity-heading" className="space-y-3">
      <h2 id="activity-heading" className="text-xl font-semibold text-slate-900">
        {own ? 'Your activity' : 'Activity'}
      </h2>
      <LoadAlert className="text-slate-700">
        {!activity.data && activity.isError && 'The activity could not be loaded.'}
      </LoadAlert>
      {!activity.data ? (
        activity.isError ? null : (
          <p role="status" className="text-slate-700">
            Loading the activity…
          </p>
        )
      ) : items.length === 0 ? (
        <p className="text-slate-700">{own ? 'You have' : 'This member has'} not posted or commented yet.</p>
      ) : (
        <ul className="space-y-2">
          {items.map((item) => (
            <li
              key={`${item.kind}:${item.id}`}
              className="space-y-1 rounded-xl border border-slate-200 bg-white p-3"
            >
              <p className="text-sm text-slate-700">
                {item.kind === 'post' ? 'Post' : 'Comment'} in {topicName(topics, item.topicId)} ·{' '}
                <time dateTime={item.createdAt}>{formatMoment(item.createdAt, 'dateTime')}</time>
                {item.edited ? ' · edited' : ''}
                {item.hidden ? ' · hidden' : ''}
              </p>
              <Link
                to={`/community/posts/${item.postId}`}
                className="block min-h-11 break-words text-slate-900 underline underline-offset-2"
              >
                {item.excerpt || (item.kind === 'post' ? 'A post' : 'A comment')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {activity.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void activity.fetchNextPage()}
          disabled={activity.isFetchingNextPage}
        >
          {activity.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </section>
  );
}
