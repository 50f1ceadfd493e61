import { and, desc, eq, isNull } from 'drizzle-orm';
import type { CommunityRevision } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { communityRevisions } from '../../db/schema.ts';
import { findComment, findPost, type Viewer } from './posts.repo.ts';

/** What an edit replaces: the text as it read, whose it was and since when. */
export interface ReplacedVersion {
  postId: string;
  commentId?: string;
  authorId: string;
  body: string;
  /** The creation, or the previous edit, that wrote this text. */
  writtenAt: string;
}

/** Keeps the text an edit replaces, in the edit's transaction; an edit that leaves the text as it was keeps none. */
export async function keepEarlierVersion(
  tx: Pick<Database, 'insert'>,
  version: ReplacedVersion,
  newBody: string | undefined,
) {
  if (newBody === undefined || newBody === version.body) return;
  await tx.insert(communityRevisions).values({
    postId: version.postId,
    commentId: version.commentId ?? null,
    authorId: version.authorId,
    body: version.body,
    writtenAt: new Date(version.writtenAt),
  });
}

async function revisionsOf(
  db: Database,
  postId: string,
  commentId: string | null,
): Promise<CommunityRevision[]> {
  const rows = await db
    .select()
    .from(communityRevisions)
    .where(
      and(
        eq(communityRevisions.postId, postId),
        commentId ? eq(communityRevisions.commentId, commentId) : isNull(communityRevisions.commentId),
      ),
    )
    .orderBy(desc(communityRevisions.replacedAt), desc(communityRevisions.id));
  return rows.map((row) => ({
    body: row.body,
    writtenAt: row.writtenAt.toISOString(),
    replacedAt: row.replacedAt.toISOString(),
  }));
}

/**
 * A post's earlier versions, for whoever may see the post (its author and admins when it is hidden), or
 * null when `viewer` may not see it. A deleted post's versions went with its text: admins alone still see them.
 */
export async function postRevisions(db: Database, viewer: Viewer, postId: string) {
  const post = await findPost(db, viewer, postId);
  if (!post) return null;
  if (post.deleted && !viewer.isAdmin) return [];
  return revisionsOf(db, postId, null);
}

/** A comment's earlier versions, under the same rules, and only when its post is one `viewer` may see. */
export async function commentRevisions(db: Database, viewer: Viewer, commentId: string) {
  const comment = await findComment(db, viewer, commentId);
  if (!comment || !(await findPost(db, viewer, comment.postId))) return null;
  if (comment.deleted && !viewer.isAdmin) return [];
  return revisionsOf(db, comment.postId, commentId);
}
