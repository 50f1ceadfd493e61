import { sql } from 'drizzle-orm';
import {
  mentionedIds,
  plainMentions,
  type CommunityComment,
  type CommunityMention,
  type CommunityPost,
} from '@uplift/contracts';
import { blockedPairs } from '../blocks/index.ts';
import type { Executor } from '../events/index.ts';
import type { CommunityNotices } from './notices.ts';

/** One piece of writing: who wrote it, and the members its body mentions. */
export interface Writing {
  authorId: string | null;
  body: string;
}

/**
 * THE rule for mentions (decision 0095): of the members each writing mentions, which it may link to and
 * notify, with their names today. A member who left (no account any more) is neither, nor one with a
 * block between them and the author (decision 0103). Every reader and the notifier go through this one
 * function, so a new rule is one more condition here.
 */
export async function linkableMentions(db: Executor, writings: readonly Writing[]) {
  const pairs = writings.flatMap((writing, index) =>
    writing.authorId === null ? [] : mentionedIds(writing.body).map((memberId) => ({ index, memberId })),
  );
  const linkable = writings.map(() => new Map<string, string>());
  if (pairs.length === 0) return linkable;
  const rows = await db.execute<{ i: number; id: string; name: string }>(sql`
    select w.i, u.id, u.display_name as name
    from unnest(${sql.param(pairs.map((pair) => pair.index))}::int[],
                ${sql.param(pairs.map((pair) => pair.memberId))}::uuid[]) as w (i, member_id)
    join users u on u.id = w.member_id`);
  // A member blocked by the author, or who blocked them, is not linked nor told (decision 0103).
  const authorOf = (row: { i: number }) => writings[row.i]?.authorId ?? '';
  const blocked = await blockedPairs(
    db,
    rows.rows.map((row) => [authorOf(row), row.id] as const),
  );
  for (const row of rows.rows) {
    if (!blocked.has(`${authorOf(row)}:${row.id}`)) linkable[row.i]?.set(row.id, row.name);
  }
  return linkable;
}

const asList = (found: Map<string, string> | undefined): CommunityMention[] =>
  [...(found ?? new Map<string, string>())].map(([id, name]) => ({ id, name }));

/** Posts as answered: each with the mentions its body may link. */
export async function withPostMentions<P extends CommunityPost>(db: Executor, posts: P[]): Promise<P[]> {
  const found = await linkableMentions(
    db,
    posts.map((post) => ({ authorId: post.author.id, body: post.body })),
  );
  return posts.map((post, index) => ({ ...post, mentions: asList(found[index]) }));
}

/** Comments as answered: each with the mentions its body may link. */
export async function withCommentMentions(
  db: Executor,
  comments: CommunityComment[],
): Promise<CommunityComment[]> {
  const found = await linkableMentions(
    db,
    comments.map((comment) => ({ authorId: comment.author.id, body: comment.body })),
  );
  return comments.map((comment, index) => ({ ...comment, mentions: asList(found[index]) }));
}

/**
 * After a post or comment is stored: each member it may notify hears of it once (never its author, who
 * may mention themselves). Returns who was told, so a caller can spare them a second notice.
 */
export async function notifyMentioned(
  db: Executor,
  notices: CommunityNotices,
  writing: {
    authorId: string;
    authorName: string;
    postId: string;
    /** Set for a comment. */
    commentId?: string;
    body: string;
    what: 'post' | 'comment';
  },
): Promise<Set<string>> {
  const [found] = await linkableMentions(db, [writing]);
  const told = new Set<string>();
  for (const memberId of found?.keys() ?? []) {
    if (memberId === writing.authorId) continue;
    told.add(memberId);
    await notices.mentioned?.({
      memberId,
      postId: writing.postId,
      ...(writing.commentId ? { commentId: writing.commentId } : {}),
      authorId: writing.authorId,
      authorName: writing.authorName,
      body: plainMentions(writing.body),
      what: writing.what,
    });
  }
  return told;
}

/** One post as answered, with its mentions. */
export async function postWithMentions<P extends CommunityPost>(db: Executor, post: P): Promise<P> {
  const [answer] = await withPostMentions(db, [post]);
  return answer ?? post;
}

/** One comment as answered, with its mentions. */
export async function commentWithMentions(
  db: Executor,
  comment: CommunityComment,
): Promise<CommunityComment> {
  const [answer] = await withCommentMentions(db, [comment]);
  return answer ?? comment;
}
