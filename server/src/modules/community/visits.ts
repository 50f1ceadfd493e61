import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { communityFeedVisits, communityThreadReads } from '../../db/schema.ts';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * What is new to a member in the feed: the time of their last visit and the posts by others since then
 * that they may see (not deleted, not hidden). A first visit has no "since", so nothing is new.
 */
export async function feedUnread(db: Database, userId: string) {
  const rows = await db.execute<{ since: Date | string | null; new_posts: number }>(sql`
    select v.seen_at as since,
      (select count(*)::int from community_posts p
        where v.seen_at is not null and p.created_at > v.seen_at and p.author_id is distinct from ${userId}
          and p.deleted_at is null and p.hidden_at is null) as new_posts
    from (select ${userId}::uuid as user_id) me
    left join community_feed_visits v on v.user_id = me.user_id`);
  const row = rows.rows[0];
  return { since: iso(row?.since), newPosts: row?.new_posts ?? 0 };
}

// The database's clock, the one that stamps posts and comments, so "since" compares like with like.
const dbNow = sql`now()`;

/** The member has looked at the feed: what came before is no longer new. Never moves back. */
export async function markFeedSeen(db: Database, userId: string) {
  await db
    .insert(communityFeedVisits)
    .values({ userId, seenAt: dbNow })
    .onConflictDoUpdate({
      target: communityFeedVisits.userId,
      set: { seenAt: sql`greatest(${communityFeedVisits.seenAt}, excluded.seen_at)` },
    });
}

export async function threadReadAt(db: Database, userId: string, postId: string): Promise<string | null> {
  const rows = await db.execute<{ read_at: Date | string }>(sql`
    select read_at from community_thread_reads where user_id = ${userId} and post_id = ${postId}`);
  return iso(rows.rows[0]?.read_at);
}

/** The member has read the thread up to now. Never moves back. */
export async function markThreadRead(db: Database, userId: string, postId: string) {
  await db
    .insert(communityThreadReads)
    .values({ userId, postId, readAt: dbNow })
    .onConflictDoUpdate({
      target: [communityThreadReads.userId, communityThreadReads.postId],
      set: { readAt: sql`greatest(${communityThreadReads.readAt}, excluded.read_at)` },
    });
}
