import { sql, type SQL } from 'drizzle-orm';
import {
  formerMemberName,
  type CommunityAuthor,
  type CommunityComment,
  type CommunityPost,
  type ReactionKind,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { executePrepared, type StatementRunner } from '../../db/prepared.ts';
import { postImageUrl } from './post-image.ts';

/** Who is reading: their own hidden content stays visible to them, and everything to admins. */
export interface Viewer {
  id: string | null;
  isAdmin: boolean;
}

interface PostRow extends Record<string, unknown> {
  id: string;
  seq: string;
  topic_id: string;
  body: string;
  author_id: string | null;
  author_name: string | null;
  author_avatar: string | null;
  created_at: Date | string;
  edited_at: Date | string | null;
  pinned_at: Date | string | null;
  hidden_at: Date | string | null;
  hidden_reason: string | null;
  deleted_at: Date | string | null;
  image_key: string | null;
  image_alt: string | null;
  comment_count: number;
  reactions: Partial<Record<ReactionKind, number>>;
  my_reactions: ReactionKind[];
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export function toAuthor(id: string | null, name: string | null, avatar: string | null): CommunityAuthor {
  return id
    ? { id, name: name ?? formerMemberName, avatarUrl: avatar }
    : { id: null, name: formerMemberName, avatarUrl: null };
}

function toPost(row: PostRow, viewer: Viewer): CommunityPost & { seq: number } {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    seq: Number(row.seq),
    topicId: row.topic_id,
    body: deleted ? '' : row.body,
    author: toAuthor(row.author_id, row.author_name, row.author_avatar),
    createdAt: iso(row.created_at),
    editedAt: isoOrNull(row.edited_at),
    pinned: row.pinned_at !== null,
    hidden: row.hidden_at !== null,
    pendingReview: row.hidden_at !== null && row.hidden_reason === 'flags',
    deleted,
    commentCount: row.comment_count,
    reactions: {
      like: row.reactions.like ?? 0,
      celebrate: row.reactions.celebrate ?? 0,
      insightful: row.reactions.insightful ?? 0,
      support: row.reactions.support ?? 0,
    },
    myReactions: row.my_reactions,
    mine: viewer.id !== null && row.author_id === viewer.id,
    image:
      deleted || row.image_key === null
        ? null
        : { url: postImageUrl(row.image_key), alt: row.image_alt ?? 'Image shared with the post' },
  };
}

/** Hidden content shows only to its author and to admins. */
function visibleTo(viewer: Viewer, alias: 'p' | 'c'): SQL {
  if (viewer.isAdmin) return sql`true`;
  const table = sql.raw(alias);
  return viewer.id
    ? sql`(${table}.hidden_at is null or ${table}.author_id = ${viewer.id})`
    : sql`${table}.hidden_at is null`;
}

function selectPosts(viewer: Viewer, where: SQL, tail: SQL): SQL {
  return sql`
    select p.id, p.seq, p.topic_id, p.body, p.author_id, u.display_name as author_name,
      u.avatar_url as author_avatar, p.created_at, p.edited_at, p.pinned_at, p.hidden_at, p.deleted_at,
      p.hidden_reason, p.image_key, p.image_alt,
      (select count(*)::int from community_comments c
        where c.post_id = p.id and c.deleted_at is null and c.hidden_at is null) as comment_count,
      (select coalesce(jsonb_object_agg(kind, n), '{}'::jsonb) from
        (select kind, count(*)::int as n from community_reactions r where r.post_id = p.id group by kind) k
      ) as reactions,
      (select coalesce(array_agg(kind order by kind), '{}') from community_reactions r
        where r.post_id = p.id and r.user_id = ${viewer.id}) as my_reactions
    from community_posts p left join users u on u.id = p.author_id
    where ${visibleTo(viewer, 'p')} and ${where}
    ${tail}`;
}

export interface PostFilter {
  topic?: string;
  q?: string;
  cursor?: string;
  limit: number;
}

function filterSql(filter: PostFilter): SQL {
  const parts: SQL[] = [sql`p.deleted_at is null`];
  if (filter.topic) parts.push(sql`p.topic_id = ${filter.topic}`);
  if (filter.q) {
    const query = sql`websearch_to_tsquery('english', ${filter.q})`;
    parts.push(sql`(p.search @@ ${query} or exists (select 1 from community_comments c
      where c.post_id = p.id and c.deleted_at is null and c.hidden_at is null and c.search @@ ${query}))`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * Newest first by insertion number, pinned ones apart on the first page. The cursor is the last number
 * seen, so posts written while someone pages never shift or repeat what comes next.
 */
export async function listPosts(db: Database, viewer: Viewer, filter: PostFilter) {
  const base = filterSql(filter);
  const page = filter.cursor ? sql`and p.seq < ${Number(filter.cursor)}` : sql``;
  const rows = await executePrepared<PostRow>(
    db,
    selectPosts(
      viewer,
      sql`${base} and p.pinned_at is null ${page}`,
      sql`order by p.seq desc limit ${filter.limit + 1}`,
    ),
  );
  const pinned = filter.cursor
    ? []
    : (
        await executePrepared<PostRow>(
          db,
          selectPosts(
            viewer,
            sql`${base} and p.pinned_at is not null`,
            sql`order by p.pinned_at desc limit 10`,
          ),
        )
      ).rows;
  const items = rows.rows.slice(0, filter.limit).map((row) => toPost(row, viewer));
  const hasMore = rows.rows.length > filter.limit;
  return {
    pinned: pinned.map((row) => toPost(row, viewer)),
    items,
    nextCursor: hasMore ? String(items.at(-1)?.seq) : null,
  };
}

/** One post as `viewer` may see it (deleted ones too: their thread stays readable), or null. */
export async function findPost(db: Database, viewer: Viewer, id: string) {
  const rows = await executePrepared<PostRow>(db, selectPosts(viewer, sql`p.id = ${id}`, sql``));
  const row = rows.rows[0];
  return row ? toPost(row, viewer) : null;
}

interface CommentRow extends Record<string, unknown> {
  id: string;
  post_id: string;
  parent_id: string | null;
  body: string;
  author_id: string | null;
  author_name: string | null;
  author_avatar: string | null;
  created_at: Date | string;
  edited_at: Date | string | null;
  hidden_at: Date | string | null;
  deleted_at: Date | string | null;
}

function toComment(row: CommentRow, viewer: Viewer): CommunityComment {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    postId: row.post_id,
    parentId: row.parent_id,
    body: deleted ? '' : row.body,
    author: deleted
      ? toAuthor(null, null, null)
      : toAuthor(row.author_id, row.author_name, row.author_avatar),
    createdAt: iso(row.created_at),
    editedAt: isoOrNull(row.edited_at),
    hidden: row.hidden_at !== null,
    deleted,
    mine: viewer.id !== null && row.author_id === viewer.id && !deleted,
  };
}

const selectComments = (viewer: Viewer, where: SQL) => sql`
  select c.id, c.post_id, c.parent_id, c.body, c.author_id, u.display_name as author_name,
    u.avatar_url as author_avatar, c.created_at, c.edited_at, c.hidden_at, c.deleted_at
  from community_comments c left join users u on u.id = c.author_id
  where ${visibleTo(viewer, 'c')} and ${where}
  order by c.created_at, c.id`;

/** A post's comments oldest first; a deleted one stays as a placeholder so its replies keep their place. */
export async function listComments(db: Database, viewer: Viewer, postId: string) {
  const rows = await executePrepared<CommentRow>(db, selectComments(viewer, sql`c.post_id = ${postId}`));
  return rows.rows.map((row) => toComment(row, viewer));
}

export async function findComment(db: Database, viewer: Viewer, id: string) {
  const rows = await executePrepared<CommentRow>(db, selectComments(viewer, sql`c.id = ${id}`));
  const row = rows.rows[0];
  return row ? toComment(row, viewer) : null;
}

/** Reaction counts of a post, and which of them are `userId`'s. */
export async function reactionsOf(db: StatementRunner, postId: string, userId: string | null) {
  const rows = await executePrepared<{ kind: ReactionKind; n: number; mine: boolean }>(
    db,
    sql`
    select kind, count(*)::int as n, bool_or(user_id = ${userId}) as mine
    from community_reactions where post_id = ${postId} group by kind`,
  );
  const reactions = { like: 0, celebrate: 0, insightful: 0, support: 0 };
  const myReactions: ReactionKind[] = [];
  for (const row of rows.rows) {
    reactions[row.kind] = row.n;
    if (row.mine) myReactions.push(row.kind);
  }
  return { postId, reactions, myReactions: myReactions.sort() };
}
