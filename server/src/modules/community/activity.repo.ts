import { sql, type SQL } from 'drizzle-orm';
import type { MemberActivityItem, MemberActivityPage } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import type { Viewer } from './posts.repo.ts';

/** The columns each activity row carries, posts and comments alike (the `a` of `memberActivity`). */
interface ActivityRow extends Record<string, unknown> {
  kind: 'post' | 'comment';
  id: string;
  post_id: string;
  topic_id: string;
  body: string;
  created_at: Date | string;
  edited_at: Date | string | null;
  hidden_at: Date | string | null;
  at_us: string;
}

const excerptLength = 200;

function excerpt(markdown: string): string {
  const flat = markdown
    .replace(/^\s*>\s?/gm, '')
    .replace(/[*_`#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > excerptLength ? `${flat.slice(0, excerptLength - 1)}…` : flat;
}

/**
 * The one place that decides which of a member's posts and comments `viewer` may see in their activity
 * (`a` is a row of `memberActivity`): never deleted ones; hidden ones only to their author and admins; a
 * comment only when its post is one the viewer may see. A block between the two members keeps the whole
 * list from the viewer, so the route decides that before asking (activity.routes.ts).
 */
export function activityVisibleTo(viewer: Viewer): SQL {
  const live = sql`a.deleted_at is null`;
  if (viewer.isAdmin) return live;
  if (!viewer.id) return sql`${live} and a.hidden_at is null and a.post_hidden_at is null`;
  return sql`${live}
    and (a.hidden_at is null or a.author_id = ${viewer.id})
    and (a.post_hidden_at is null or a.post_author_id = ${viewer.id})`;
}

/**
 * A member's posts and comments, newest first, as `viewer` may see them (`activityVisibleTo`). The cursor
 * is the last row's creation in microseconds and its id, so a page never repeats or skips a row written in
 * the same millisecond.
 */
export async function memberActivity(
  db: Database,
  viewer: Viewer,
  memberId: string,
  page: { cursor?: string; limit: number },
): Promise<MemberActivityPage> {
  const [at, id] = page.cursor ? page.cursor.split('.') : [];
  const after = at && id ? sql`and (a.at_us, a.id) < (${at}::bigint, ${id}::uuid)` : sql``;
  const rows = await db.execute<ActivityRow>(sql`
    select a.kind, a.id, a.post_id, a.topic_id, a.body, a.created_at, a.edited_at, a.hidden_at, a.at_us
    from (
      select 'post' as kind, p.id, p.id as post_id, p.topic_id, p.body, p.author_id, p.created_at,
        p.edited_at, p.hidden_at, p.deleted_at, p.hidden_at as post_hidden_at, p.author_id as post_author_id,
        (extract(epoch from p.created_at) * 1000000)::bigint as at_us
      from community_posts p where p.author_id = ${memberId}
      union all
      select 'comment', c.id, c.post_id, p.topic_id, c.body, c.author_id, c.created_at,
        c.edited_at, c.hidden_at, c.deleted_at, p.hidden_at, p.author_id,
        (extract(epoch from c.created_at) * 1000000)::bigint
      from community_comments c join community_posts p on p.id = c.post_id where c.author_id = ${memberId}
    ) a
    where ${activityVisibleTo(viewer)} ${after}
    order by a.at_us desc, a.id desc
    limit ${page.limit + 1}`);
  const items: MemberActivityItem[] = rows.rows.slice(0, page.limit).map((row) => ({
    kind: row.kind,
    id: row.id,
    postId: row.post_id,
    topicId: row.topic_id,
    excerpt: excerpt(row.body),
    createdAt: new Date(row.created_at).toISOString(),
    edited: row.edited_at !== null,
    hidden: row.hidden_at !== null,
  }));
  const last = rows.rows[page.limit - 1];
  return { items, nextCursor: rows.rows.length > page.limit && last ? `${last.at_us}.${last.id}` : null };
}
