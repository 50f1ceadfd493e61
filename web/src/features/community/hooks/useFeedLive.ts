import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { communityEvents, type CommunityPost, type CommunityPostList } from '@uplift/contracts';
import { useCallback, useRef, useState } from 'react';
import { useLiveEvent } from '../../../lib/live/index.ts';
import { communityKeys } from '../api/keys.ts';

type Feed = InfiniteData<CommunityPostList, string | undefined>;

function patchPost(feed: Feed | undefined, postId: string, patch: (post: CommunityPost) => CommunityPost) {
  if (!feed) return feed;
  const apply = (posts: CommunityPost[]) => posts.map((post) => (post.id === postId ? patch(post) : post));
  return {
    ...feed,
    pages: feed.pages.map((page) => ({ ...page, pinned: apply(page.pinned), items: apply(page.items) })),
  };
}

/**
 * Live feed: counts change in place; new posts from others wait behind an "N new posts" button so the list
 * never moves under the reader, even when an edit or a moderation fetches the feed again (which brings the
 * waiting posts along: `withoutWaiting` keeps them out of the list until revealed). `markMine` tells it
 * which new posts this member wrote themselves.
 */
export function useFeedLive() {
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const mine = useRef(new Set<string>());

  const patchFeeds = (postId: string, patch: (post: CommunityPost) => CommunityPost) =>
    queryClient.setQueriesData<Feed>({ queryKey: [...communityKeys.posts(), 'feed'] }, (feed) =>
      patchPost(feed, postId, patch),
    );

  useLiveEvent(communityEvents.postCreated, (event) => {
    const postId = String(event.data.postId);
    if (mine.current.has(postId)) return;
    setFresh((current) => new Set(current).add(postId));
  });
  useLiveEvent(communityEvents.reactionsChanged, (event) => {
    const reactions = event.data.reactions as CommunityPost['reactions'] | undefined;
    if (reactions) patchFeeds(String(event.data.postId), (post) => ({ ...post, reactions }));
  });
  useLiveEvent(communityEvents.commentCreated, (event) => {
    const commentCount = Number(event.data.commentCount);
    if (Number.isInteger(commentCount))
      patchFeeds(String(event.data.postId), (post) => ({ ...post, commentCount }));
  });
  // Edits, deletions and moderation: the feed is fetched again (without moving what is already read).
  const refresh = () => void queryClient.invalidateQueries({ queryKey: communityKeys.posts() });
  useLiveEvent(communityEvents.postChanged, refresh);
  useLiveEvent(communityEvents.postRemoved, refresh);

  const markMine = useCallback((postId: string) => {
    mine.current.add(postId);
    setFresh((current) => {
      if (!current.has(postId)) return current;
      const next = new Set(current);
      next.delete(postId);
      return next;
    });
  }, []);

  const reveal = useCallback(() => {
    setFresh(new Set());
    void queryClient.resetQueries({ queryKey: [...communityKeys.posts(), 'feed'] });
  }, [queryClient]);

  const withoutWaiting = useCallback(
    (posts: readonly CommunityPost[]) => posts.filter((post) => !fresh.has(post.id)),
    [fresh],
  );

  return { newCount: fresh.size, reveal, markMine, withoutWaiting };
}
