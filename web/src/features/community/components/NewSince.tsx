import { useQuery, useQueryClient } from '@tanstack/react-query';
import { communityEvents } from '@uplift/contracts';
import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { liveConnection } from '../../../lib/live/index.ts';
import { useIsOnline } from '../../../lib/offline/index.ts';
import { standingQueryOptions } from '../api/standing.ts';
import { markFeedSeen, markThreadRead, unreadKeys, unreadQueryOptions } from '../api/unread.ts';

/** The moment before which the reader has seen everything here; null: nothing is marked new. */
const NewSinceContext = createContext<string | null>(null);

/** "New" on a post or comment that came after the reader's last look, unless they wrote it. */
export function NewMark({ at, mine }: { at: string; mine: boolean }) {
  const since = use(NewSinceContext);
  if (!since || mine || Date.parse(at) <= Date.parse(since)) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
      New
    </span>
  );
}

/**
 * The feed, with what arrived since the member's last visit marked "New" (issue 45.3). The last visit is
 * read once when the feed opens, then this visit is recorded, so the Community tab's count goes to 0
 * while the marks stay for this visit.
 */
export function FeedSince({ userId, children }: { userId: string | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const online = useIsOnline();
  const unread = useQuery({ ...unreadQueryOptions(userId ?? ''), enabled: userId !== null });
  const [since, setSince] = useState<string | null | undefined>(undefined);
  const fetched = unread.data && !unread.isStale ? unread.data : undefined;

  // Kept from the first fresh answer: the visit recorded next must not move this visit's marks.
  if (since === undefined && fetched) setSince(fetched.since);
  const known = since !== undefined;
  useEffect(() => {
    if (!userId || !known || !online) return;
    void markFeedSeen()
      .then(() => queryClient.invalidateQueries({ queryKey: unreadKeys.feed(userId) }))
      .catch(() => {});
  }, [userId, known, online, queryClient]);

  return <NewSinceContext value={since ?? null}>{children}</NewSinceContext>;
}

/**
 * A thread, with comments by others since the member last read it marked "New" (issue 45.3). Reading it
 * is recorded when it opens and again as comments arrive while it is open. A thread never read before
 * counts as read up to what it shows when it opens, so only what arrives while it is open is new.
 */
export function ThreadSince({
  postId,
  userId,
  shownUpTo,
  children,
}: {
  postId: string;
  userId: string | null;
  /** When the latest comment shown (or the post, without any) was written: the server's clock. */
  shownUpTo: string;
  children: ReactNode;
}) {
  const online = useIsOnline();
  const standing = useQuery({ ...standingQueryOptions(userId ?? '', postId), enabled: userId !== null });
  const [since, setSince] = useState<string | null | undefined>(undefined);
  const fetched = standing.data && !standing.isStale ? standing.data : undefined;

  if (since === undefined && fetched) setSince(fetched.lastReadAt ?? shownUpTo);
  const known = since !== undefined;
  useEffect(() => {
    if (!userId || !known || !online) return;
    void markThreadRead(postId).catch(() => {});
  }, [userId, known, online, postId, shownUpTo]);

  return <NewSinceContext value={since ?? null}>{children}</NewSinceContext>;
}

/**
 * How many posts by others arrived since the member last opened the feed: the Community tab's badge
 * (0 for a visitor). A new post anywhere asks again.
 */
export function useCommunityNewCount(userId: string | null): number {
  const queryClient = useQueryClient();
  const unread = useQuery({ ...unreadQueryOptions(userId ?? ''), enabled: userId !== null });
  // Only for a member: a subscription opens the live stream, which a visitor's pages never need.
  useEffect(() => {
    if (!userId) return;
    return liveConnection.subscribe(communityEvents.postCreated, () => {
      void queryClient.invalidateQueries({ queryKey: unreadKeys.feed(userId) });
    });
  }, [queryClient, userId]);
  return userId ? (unread.data?.newPosts ?? 0) : 0;
}
