import { z } from 'zod';
import { communityPostSchema } from './community.ts';

/** A member's own standing with one post (issue 45.2, 45.3): theirs only, never shown to anyone else. */
export const communityPostStandingSchema = z
  .object({
    /** Replies to the post notify them. */
    following: z.boolean(),
    /** Saved to their "Saved" list. */
    bookmarked: z.boolean(),
    /** When they last read the thread; comments by others after it are unread. Null: never read. */
    lastReadAt: z.string().nullable(),
  })
  .meta({ id: 'CommunityPostStanding' });
export type CommunityPostStanding = z.infer<typeof communityPostStandingSchema>;

export const communityFollowSchema = z.object({ following: z.boolean() });
export const communityBookmarkSchema = z.object({ bookmarked: z.boolean() });

/** The member's saved posts, the most recently saved first. */
export const communityBookmarkListSchema = z
  .object({ items: z.array(communityPostSchema) })
  .meta({ id: 'CommunityBookmarkList' });
export type CommunityBookmarkList = z.infer<typeof communityBookmarkListSchema>;

/** What arrived in the feed since the member's last visit (issue 45.3). */
export const communityUnreadSchema = z
  .object({
    /** The last visit before this one; null on a first visit, when nothing is marked new. */
    since: z.string().nullable(),
    /** Posts by others since then, shown on the Community tab. */
    newPosts: z.number().int().min(0),
  })
  .meta({ id: 'CommunityUnread' });
export type CommunityUnread = z.infer<typeof communityUnreadSchema>;

/** The link a follower's reply notice carries: the thread, and the notice offers to unfollow it. */
export function followedPostLink(postId: string): string {
  return `/community/posts/${postId}#replies`;
}

/** The post a notice's link says the member follows, or null for any other link. */
export function followedPostOf(link: string | null): string | null {
  return /^\/community\/posts\/([0-9a-f-]{36})#replies$/.exec(link ?? '')?.[1] ?? null;
}
