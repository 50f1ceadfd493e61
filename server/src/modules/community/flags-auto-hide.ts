import { sql } from 'drizzle-orm';
import { communityEvents, communityFlagRules } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import type { EventBus } from '../events/index.ts';
import type { CommunityNotices } from './notices.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Whether `alias.reporter_id` has standing (decision 0099): an account created more than
 * `standingDays` days before `now`, and activity: a post or comment of theirs still shown (neither
 * deleted nor hidden), or a completed skills assessment. A fresh or silent account cannot hide anything.
 */
function hasStanding(now: Date) {
  const joinedBefore = new Date(now.getTime() - communityFlagRules.standingDays * dayMs);
  return sql`u.created_at < ${joinedBefore} and (
    exists (select 1 from community_posts mp
      where mp.author_id = u.id and mp.deleted_at is null and mp.hidden_at is null)
    or exists (select 1 from community_comments mc
      where mc.author_id = u.id and mc.deleted_at is null and mc.hidden_at is null)
    or exists (select 1 from skill_results sr where sr.user_id = u.id))`;
}

/**
 * After a flag on a post: once `hideAtFlags` distinct members with standing have open flags on it, the post
 * is hidden pending review, with no admin involved. Only the post's own flags count (not its comments'),
 * never its author's, and only open ones: after an admin restores the post, it takes as many new flags.
 * Audited with no actor; the author hears of it live and through a notification.
 */
export async function hideOnFlags(
  db: Database,
  events: EventBus,
  notices: CommunityNotices,
  postId: string,
  now = new Date(),
): Promise<boolean> {
  const authorId = await db.transaction(async (tx) => {
    const locked = await tx.execute<{ author_id: string | null; body: string }>(sql`
      select author_id, body from community_posts
      where id = ${postId} and hidden_at is null and deleted_at is null for update`);
    const post = locked.rows[0];
    if (!post) return undefined;
    const counted = await tx.execute<{ n: number }>(sql`
      select count(distinct r.reporter_id)::int as n
      from community_reports r join users u on u.id = r.reporter_id
      where r.post_id = ${postId} and r.comment_id is null and r.status = 'open'
        and r.reporter_id is distinct from ${post.author_id} and ${hasStanding(now)}`);
    const flags = counted.rows[0]?.n ?? 0;
    if (flags < communityFlagRules.hideAtFlags) return undefined;
    await tx.execute(sql`
      update community_posts set hidden_at = ${now}, hidden_reason = 'flags' where id = ${postId}`);
    await recordAudit(tx, {
      actor: null,
      action: 'post.flag-hide',
      subjectType: 'post',
      subjectId: postId,
      subjectLabel: post.body.slice(0, 80),
      before: { hidden: false },
      after: { hidden: true, pendingReview: true, flags },
    });
    // Everyone drops the post they may show; its author alone hears why.
    await events.publish({ type: communityEvents.postRemoved, payload: { postId } }, tx);
    if (post.author_id)
      await events.publish(
        { type: communityEvents.contentHidden, audienceUserId: post.author_id, payload: { postId } },
        tx,
      );
    return post.author_id;
  });
  if (authorId === undefined) return false;
  // After the commit, as for a moderator's decision: the post really is hidden by then.
  if (authorId) await notices.contentHidden?.({ authorId, postId, what: 'post', pendingReview: true });
  return true;
}
