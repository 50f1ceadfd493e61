import { count, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  communityComments,
  communityPosts,
  communityReactions,
  communityTopics,
  users,
} from '../db/schema.ts';
import { demoCommunity } from './demo-members.ts';
import { demoPosts, demoTopics } from './community-posts.ts';

/**
 * The topics (added when missing), and on a first start the demo members' posts, comments and reactions,
 * so a fresh install is alive. Runs after the profiles seeder, which creates those members.
 */
export async function seedCommunity(db: Database): Promise<number> {
  const topics = await db
    .insert(communityTopics)
    .values(demoTopics.map((topic, position) => ({ ...topic, position })))
    .onConflictDoNothing()
    .returning({ id: communityTopics.id });
  const [posts] = await db.select({ n: count() }).from(communityPosts);
  if ((posts?.n ?? 0) > 0) return topics.length;

  const emails = demoCommunity.map((member) => member.email);
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  // Without the demo members (a test database) there is nobody to have written the demo posts.
  if (found.length === 0) return topics.length;
  const idOf = new Map(found.map((row) => [row.email, row.id]));
  const author = (index: number) => idOf.get(emails[index] ?? '') ?? null;
  const now = Date.now();
  let inserted = topics.length;
  await db.transaction(async (tx) => {
    for (const post of demoPosts) {
      const createdAt = new Date(now - post.hoursAgo * 3_600_000);
      const [row] = await tx
        .insert(communityPosts)
        .values({
          authorId: author(post.author),
          topicId: post.topic,
          body: post.body,
          createdAt,
          pinnedAt: post.pinned ? createdAt : null,
        })
        .returning({ id: communityPosts.id });
      if (!row) continue;
      inserted += 1;
      const commentIds: string[] = [];
      for (const [index, comment] of (post.comments ?? []).entries()) {
        const [stored] = await tx
          .insert(communityComments)
          .values({
            postId: row.id,
            authorId: author(comment.author),
            body: comment.body,
            parentId: comment.replyTo === undefined ? null : (commentIds[comment.replyTo] ?? null),
            createdAt: new Date(createdAt.getTime() + (index + 1) * 20 * 60_000),
          })
          .returning({ id: communityComments.id });
        if (stored) commentIds.push(stored.id);
      }
      const reactions = (post.reactions ?? []).flatMap(([who, kind]) => {
        const userId = author(who);
        return userId ? [{ postId: row.id, userId, kind }] : [];
      });
      if (reactions.length > 0) await tx.insert(communityReactions).values(reactions).onConflictDoNothing();
    }
  });
  return inserted;
}
