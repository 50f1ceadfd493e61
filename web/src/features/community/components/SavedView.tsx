import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { topicsQueryOptions } from '../api/getFeed.ts';
import { threadQueryOptions } from '../api/getThread.ts';
import { bookmarksQueryOptions } from '../api/standing.ts';
import { PostCard } from './PostCard.tsx';

/**
 * The member's saved posts, the most recently saved first. Offline it shows what was last fetched (the
 * content cache keeps every query); each saved thread is fetched too, so it opens offline as well.
 */
export function SavedView({ userId }: { userId: string | null }) {
  const queryClient = useQueryClient();
  const online = useIsOnline();
  const topics = useQuery(topicsQueryOptions()).data?.items ?? [];
  const saved = useQuery({ ...bookmarksQueryOptions(userId ?? ''), enabled: userId !== null });
  const items = saved.data?.items;

  useEffect(() => {
    if (!online || !items) return;
    for (const post of items) void queryClient.prefetchQuery(threadQueryOptions(post.id));
  }, [items, online, queryClient]);

  if (!userId)
    return (
      <p className="text-slate-700">
        <Link
          to="/login?redirectTo=%2Fcommunity%3Fview%3Dsaved"
          className="font-medium text-brand-700 underline"
        >
          Sign in
        </Link>{' '}
        to save posts and read them later, offline too.
      </p>
    );
  return (
    <section aria-labelledby="saved-heading" className="space-y-3">
      <h2 id="saved-heading" className="text-xl font-semibold text-slate-900">
        Saved posts
      </h2>
      {/* Online, a failure is an error and said as one, once (decision 0121); offline, not having the posts
          is the app's state, said politely, and the only words shown then. */}
      <LoadAlert className="text-slate-700">
        {online && !items && saved.isError && 'Your saved posts could not be loaded. Try again in a moment.'}
      </LoadAlert>
      {!items ? (
        <p role="status" className="text-slate-700">
          {!online ? 'Your saved posts load once you are back online.' : saved.isError ? '' : 'Loading…'}
        </p>
      ) : items.length === 0 ? (
        <p className="text-slate-700">
          Nothing saved yet. Open a post and choose “Save post” to keep it here.
        </p>
      ) : (
        <ul className="space-y-3">
          {items.map((post) => (
            <li key={post.id}>
              <PostCard post={post} topics={topics} userId={userId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
