import { count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { communityComments, communityPosts } from '../../db/schema.ts';

type ContentState = 'shown' | 'hidden' | 'deleted';
interface Paging {
  page: number;
  pageSize: number;
}

/** Enough of a post or comment to recognise it in a list; the thread link shows the rest. */
const excerptLength = 160;

function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > excerptLength ? `${flat.slice(0, excerptLength - 1)}…` : flat;
}

function stateOf(row: { hiddenAt: Date | null; deletedAt: Date | null }): ContentState {
  return row.deletedAt ? 'deleted' : row.hiddenAt ? 'hidden' : 'shown';
}

/** A member's posts for the admin's view of them, newest first, hidden and deleted ones included. */
export async function memberPosts(db: Database, userId: string, { page, pageSize }: Paging) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: communityPosts.id,
        topicId: communityPosts.topicId,
        body: communityPosts.body,
        createdAt: communityPosts.createdAt,
        hiddenAt: communityPosts.hiddenAt,
        deletedAt: communityPosts.deletedAt,
        // The outer id written out: in a one-table select Drizzle names columns without their table, and a
        // bare "id" inside the subquery would be the comment's own (as users.repo.ts's lastActiveAt found).
        commentCount: sql<number>`(select count(*)::int from ${communityComments} c where c.post_id = ${sql.raw('"community_posts"."id"')})`,
      })
      .from(communityPosts)
      .where(eq(communityPosts.authorId, userId))
      .orderBy(desc(communityPosts.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(communityPosts).where(eq(communityPosts.authorId, userId)),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      topicId: row.topicId,
      excerpt: excerpt(row.body),
      createdAt: row.createdAt.toISOString(),
      state: stateOf(row),
      commentCount: row.commentCount,
    })),
  };
}

/** A member's comments for the admin's view of them, newest first, hidden and deleted ones included. */
export async function memberComments(db: Database, userId: string, { page, pageSize }: Paging) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(communityComments)
      .where(eq(communityComments.authorId, userId))
      .orderBy(desc(communityComments.createdAt), desc(communityComments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(communityComments).where(eq(communityComments.authorId, userId)),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      postId: row.postId,
      excerpt: excerpt(row.body),
      createdAt: row.createdAt.toISOString(),
      state: stateOf(row),
    })),
  };
}
