import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDebouncedCallback } from 'use-debounce';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { LoadAlert } from '../../../ui/LoadAlert.tsx';
import { SearchField } from '../../../ui/SearchField.tsx';
import { feedQueryOptions, topicsQueryOptions } from '../api/getFeed.ts';
import { useFeedLive } from '../hooks/useFeedLive.ts';
import { notLanded, usePendingWrites } from '../hooks/usePendingWrites.ts';
import { PostCard } from './PostCard.tsx';
import { topicName } from './topicName.ts';
import { PostComposer } from './PostComposer.tsx';
import { JoinInvitation } from './JoinInvitation.tsx';
import { TopicChips } from './TopicChips.tsx';
import { Button } from '../../../ui/Button.tsx';

const searchDelayMs = 300;

/** The feed: topic chips, search, composer, "N new posts", pinned then newest, "Load more". */
export function FeedView({ userId }: { userId: string | null }) {
  const [params, setParams] = useSearchParams();
  const topic = params.get('topic');
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const online = useIsOnline();
  const topics = useQuery(topicsQueryOptions()).data?.items ?? [];
  const feed = useInfiniteQuery(feedQueryOptions({ topic: topic ?? undefined, q: q || undefined }));
  const live = useFeedLive();
  const queued = usePendingWrites('post', userId);
  const { markMine } = live;
  // A post written offline is this member's own when it goes live: it shows in place, not as "new".
  useEffect(() => {
    for (const write of queued) if (write.serverId) markMine(write.serverId);
  }, [queued, markMine]);

  const update = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  // Timed from the last keystroke, not the last render: a live post arriving must not put the search off.
  const search = useDebouncedCallback((value: string) => update('q', value.trim() || null), searchDelayMs);
  const type = (value: string) => {
    setTyped(value);
    search(value);
  };

  const pinned = live.withoutWaiting(feed.data?.pages[0]?.pinned ?? []);
  const posts = live.withoutWaiting(feed.data?.pages.flatMap((page) => page.items) ?? []);
  const pending = notLanded(
    queued,
    [...pinned, ...posts].map((post) => post.id),
  );

  return (
    <section aria-label="Feed" className="space-y-4">
      <SearchField
        label="Search posts and comments"
        labelHidden
        value={typed}
        onValueChange={type}
        placeholder="Search posts and comments"
        maxLength={200}
      />
      <TopicChips topics={topics} value={topic} onChange={(value) => update('topic', value)} />
      {userId ? <PostComposer topics={topics} userId={userId} onPosted={markMine} /> : <JoinInvitation />}

      {live.newCount > 0 && (
        <div className="sticky top-2 z-10 flex justify-center">
          <Button pill className="shadow-lg" onClick={live.reveal}>
            {live.newCount === 1 ? '1 new post' : `${live.newCount} new posts`}
          </Button>
        </div>
      )}

      {pending.length > 0 && (
        <ol aria-label="Pending posts" className="space-y-3">
          {pending.map((write) => (
            <li key={write.id} className="rounded-2xl border border-dashed border-slate-400 bg-white p-4">
              <p className="text-sm font-medium text-amber-900">
                Pending{write.topicId ? ` · ${topicName(topics, write.topicId)}` : ''}
              </p>
              <p className="break-words whitespace-pre-wrap text-slate-900">{write.body}</p>
              {write.serverId && (
                <Link
                  to={`/community/posts/${write.serverId}`}
                  className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline underline-offset-2"
                >
                  Open pending post
                </Link>
              )}
            </li>
          ))}
        </ol>
      )}

      <LoadAlert className="text-slate-700">
        {online && !feed.data && feed.isError && 'The feed could not be loaded. Try again in a moment.'}
      </LoadAlert>
      {feed.data ? (
        <>
          <h2 className="sr-only">Posts</h2>
          <ul className="space-y-3">
            {[...pinned, ...posts].map((post) => (
              <li key={post.id}>
                <PostCard post={post} topics={topics} userId={userId} />
              </li>
            ))}
          </ul>
          {pinned.length + posts.length === 0 && (
            <p className="text-slate-700">
              {q ? 'No posts match that search.' : 'No posts in this topic yet.'}
            </p>
          )}
          {feed.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                onClick={() => void feed.fetchNextPage()}
                disabled={feed.isFetchingNextPage}
              >
                {feed.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      ) : online && feed.isError ? null : (
        <p role="status" className="text-slate-700">
          {online ? 'Loading the feed…' : 'The feed needs a connection the first time. Try again online.'}
        </p>
      )}
    </section>
  );
}
