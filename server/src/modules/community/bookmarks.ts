import { and, eq, sql } from 'drizzle-orm';
import type { CommunityPost } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { communityBookmarks } from '../../db/schema.ts';
import { findPost, type Viewer } from './posts.repo.ts';

/** Saves or unsaves a post for a member; saving twice keeps the first time it was saved. */
export async function setBookmarked(db: Database, userId: string, postId: string, bookmarked: boolean) {
  if (bookmarked) await db.insert(communityBookmarks).values({ userId, postId }).onConflictDoNothing();
  else
    await db
      .delete(communityBookmarks)
      .where(and(eq(communityBookmarks.userId, userId), eq(communityBookmarks.postId, postId)));
}

export async function isBookmarked(db: Database, userId: string, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ postId: communityBookmarks.postId })
    .from(communityBookmarks)
    .where(and(eq(communityBookmarks.userId, userId), eq(communityBookmarks.postId, postId)));
  return row !== undefined;
}

/**
 * A member's saved posts, the most recently saved first, as the member may see them now: a post deleted
 * or hidden since drops out of the list (the bookmark stays, and comes back with a restored post).
 */
export async function listBookmarks(db: Database, viewer: Viewer & { id: string }): Promise<CommunityPost[]> {
  const rows = await db.execute<{ post_id: string }>(sql`
    select post_id from community_bookmarks where user_id = ${viewer.id}
    order by created_at desc, post_id limit 200`);
  const posts = await Promise.all(rows.rows.map((row) => findPost(db, viewer, row.post_id)));
  return posts.flatMap((post) => {
    if (!post || post.deleted) return [];
    const { seq: _seq, ...shown } = post;
    return [shown];
  });
}
