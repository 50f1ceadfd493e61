import { sql } from 'drizzle-orm';
import { plainMentions } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { communityPostFollows } from '../../db/schema.ts';
import type { CommunityNotices } from './notices.ts';

/** The database or a transaction in it: following a post is part of writing on it. */
type Writer = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Follows (or unfollows) a post for a member: one row per member and post, the latest choice kept. */
export async function setFollowing(db: Writer, userId: string, postId: string, following: boolean) {
  await db
    .insert(communityPostFollows)
    .values({ userId, postId, following })
    .onConflictDoUpdate({
      target: [communityPostFollows.postId, communityPostFollows.userId],
      set: { following, updatedAt: new Date() },
    });
}

/**
 * Whether a member follows a post: their own choice when they made one; otherwise its author follows it
 * (a post written before follows existed) and anyone else does not.
 */
export async function isFollowing(db: Database, userId: string, postId: string): Promise<boolean> {
  const rows = await db.execute<{ following: boolean }>(sql`
    select coalesce(
      (select following from community_post_follows where post_id = ${postId} and user_id = ${userId}),
      (select author_id = ${userId} from community_posts where id = ${postId}),
      false) as following`);
  return rows.rows[0]?.following ?? false;
}

/** Everyone following a post, by the rule of `isFollowing`. */
async function followersOf(db: Database, postId: string): Promise<string[]> {
  const rows = await db.execute<{ user_id: string }>(sql`
    select user_id from community_post_follows where post_id = ${postId} and following
    union
    select p.author_id from community_posts p
    where p.id = ${postId} and p.author_id is not null
      and not exists (select 1 from community_post_follows f where f.post_id = p.id and f.user_id = p.author_id)`);
  return rows.rows.map((row) => row.user_id);
}

/**
 * After a comment is stored: every follower hears of it, except the one who wrote it and those a mention
 * in it already told. The post's author is told it is on their post, the others that it is on a post
 * they follow.
 */
export async function notifyFollowers(
  db: Database,
  notices: CommunityNotices,
  comment: {
    postId: string;
    commentId: string;
    postAuthorId: string | null;
    commenterId: string;
    commenterName: string;
    body: string;
  },
  alreadyTold: ReadonlySet<string>,
) {
  const followers = await followersOf(db, comment.postId);
  for (const memberId of followers) {
    if (memberId === comment.commenterId || alreadyTold.has(memberId)) continue;
    const notice = {
      postId: comment.postId,
      commentId: comment.commentId,
      commenterId: comment.commenterId,
      commenterName: comment.commenterName,
      commentBody: plainMentions(comment.body),
    };
    if (memberId === comment.postAuthorId) await notices.commentedOn?.({ ...notice, postAuthorId: memberId });
    else await notices.followedPostReplied?.({ ...notice, memberId });
  }
}
