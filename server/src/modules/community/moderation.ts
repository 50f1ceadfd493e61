import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  communityEvents,
  type ModerationDecision,
  type ModerationItem,
  type ReportReason,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { communityComments, communityPosts, communityReports } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { recordAudit, type Actor } from '../audit/index.ts';
import type { EventBus } from '../events/index.ts';
import { publishAboutPost } from './community.service.ts';
import type { CommunityNotices } from './notices.ts';
import { toAuthor } from './posts.repo.ts';

export interface Target {
  postId: string;
  commentId?: string;
}

/** A second report of the same thing by the same member changes nothing (and still answers "reported"). */
export async function fileReport(
  db: Database,
  reporterId: string,
  target: Target,
  reason: ReportReason,
  note?: string,
) {
  await db
    .insert(communityReports)
    .values({
      reporterId,
      postId: target.postId,
      commentId: target.commentId ?? null,
      reason,
      note: note || null,
    })
    .onConflictDoNothing();
}

interface QueueRow extends Record<string, unknown> {
  post_id: string;
  comment_id: string | null;
  body: string;
  author_id: string | null;
  author_name: string | null;
  author_avatar: string | null;
  created_at: string | Date;
  hidden: boolean;
  pending_review: boolean;
  reports: Array<{ reason: ReportReason; note: string | null; reporter: string | null; at: string }>;
}

/** Reported content with open reports, the most reported first, then the oldest report. */
export async function moderationQueue(db: Database): Promise<ModerationItem[]> {
  const rows = await db.execute<QueueRow>(sql`
    select r.post_id, r.comment_id,
      coalesce(c.body, p.body) as body,
      coalesce(c.author_id, case when r.comment_id is null then p.author_id end) as author_id,
      u.display_name as author_name, u.avatar_url as author_avatar,
      coalesce(c.created_at, p.created_at) as created_at,
      coalesce(c.hidden_at, case when r.comment_id is null then p.hidden_at end) is not null as hidden,
      r.comment_id is null and p.hidden_reason is not distinct from 'flags' as pending_review,
      jsonb_agg(jsonb_build_object('reason', r.reason, 'note', r.note, 'reporter', ru.display_name,
        'at', r.created_at) order by r.created_at) as reports
    from community_reports r
    join community_posts p on p.id = r.post_id
    left join community_comments c on c.id = r.comment_id
    left join users u on u.id = coalesce(c.author_id, case when r.comment_id is null then p.author_id end)
    left join users ru on ru.id = r.reporter_id
    where r.status = 'open'
    group by r.post_id, r.comment_id, c.body, p.body, c.author_id, p.author_id, u.display_name, u.avatar_url,
      c.created_at, p.created_at, c.hidden_at, p.hidden_at, p.hidden_reason
    order by count(*) desc, min(r.created_at)
    limit 100`);
  return rows.rows.map((row) => ({
    postId: row.post_id,
    commentId: row.comment_id,
    body: row.body,
    author: toAuthor(row.author_id, row.author_name, row.author_avatar),
    createdAt: new Date(row.created_at).toISOString(),
    hidden: row.hidden,
    pendingReview: row.pending_review,
    reports: row.reports.map((report) => ({
      reason: report.reason,
      note: report.note,
      reporter: report.reporter ?? 'Former member',
      at: new Date(report.at).toISOString(),
    })),
  }));
}

/**
 * Hide (the author is told, everyone else stops seeing it at once), restore, or dismiss the reports.
 * Each decision closes the open reports and is written to the audit log in the same transaction.
 */
export async function decide(
  db: Database,
  events: EventBus,
  admin: Actor,
  target: Target,
  decision: ModerationDecision,
  notices: CommunityNotices = {},
) {
  const table = target.commentId ? communityComments : communityPosts;
  const targetId = target.commentId ?? target.postId;
  const [found] = target.commentId
    ? await db
        .select({
          authorId: communityComments.authorId,
          hiddenAt: communityComments.hiddenAt,
          body: communityComments.body,
        })
        .from(communityComments)
        .where(and(eq(communityComments.id, target.commentId), eq(communityComments.postId, target.postId)))
    : await db
        .select({
          authorId: communityPosts.authorId,
          hiddenAt: communityPosts.hiddenAt,
          body: communityPosts.body,
        })
        .from(communityPosts)
        .where(eq(communityPosts.id, target.postId));
  if (!found) throw new HttpError(404, 'Nothing to moderate with those ids.');
  const subjectType = target.commentId ? 'comment' : 'post';

  await db.transaction(async (tx) => {
    if (decision !== 'dismiss') {
      await tx
        .update(table)
        .set({ hiddenAt: decision === 'hide' ? new Date() : null })
        .where(eq(table.id, targetId));
      // A moderator's decision ends a post's review after members' flags hid it (decision 0099).
      if (!target.commentId)
        await tx
          .update(communityPosts)
          .set({ hiddenReason: decision === 'hide' ? 'moderator' : null })
          .where(eq(communityPosts.id, target.postId));
    }
    await tx
      .update(communityReports)
      .set({
        status: decision === 'dismiss' ? 'dismissed' : 'actioned',
        decidedAt: new Date(),
        decidedBy: admin.id,
      })
      .where(
        and(
          eq(communityReports.postId, target.postId),
          target.commentId
            ? eq(communityReports.commentId, target.commentId)
            : isNull(communityReports.commentId),
          eq(communityReports.status, 'open'),
        ),
      );
    await recordAudit(tx, {
      actor: admin,
      action: `${subjectType}.${decision}`,
      subjectType,
      subjectId: targetId,
      subjectLabel: found.body.slice(0, 80),
      before: { hidden: found.hiddenAt !== null },
      after: { hidden: decision === 'dismiss' ? found.hiddenAt !== null : decision === 'hide' },
    });
    if (decision === 'dismiss') return;
    const payload = { postId: target.postId, ...(target.commentId ? { commentId: target.commentId } : {}) };
    if (!target.commentId && decision === 'hide') {
      // Everyone drops the post they may have shown; only its id goes out.
      await events.publish({ type: communityEvents.postRemoved, payload }, tx);
    } else {
      // A restored post is everyone's again; a comment's change on a hidden post is its author's alone.
      await publishAboutPost(events, tx, target.postId, {
        type: target.commentId ? communityEvents.commentChanged : communityEvents.postChanged,
        payload,
      });
    }
    if (decision === 'hide' && found.authorId) {
      await events.publish(
        { type: communityEvents.contentHidden, audienceUserId: found.authorId, payload },
        tx,
      );
    }
  });
  // After the commit, and only when the decision hid something that was visible.
  if (decision === 'hide' && found.hiddenAt === null && found.authorId)
    await notices.contentHidden?.({
      authorId: found.authorId,
      postId: target.postId,
      ...(target.commentId ? { commentId: target.commentId } : {}),
      what: subjectType,
    });
}

/** Reported posts and comments waiting for a decision, counted as the queue lists them (one per target). */
export async function openReportCount(db: Database): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    select count(distinct (post_id, comment_id))::int as n from community_reports where status = 'open'`);
  return rows.rows[0]?.n ?? 0;
}
