import { sql, type SQL } from 'drizzle-orm';
import { notificationsChangedEvent } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import * as repo from './notifications.repo.ts';

/** The database, or the transaction that deletes the source: the quotes go with it, or neither does. */
type Executor = Pick<Database, 'execute'>;

/** What went: a comment or a post (deleted by its author or an admin), or a member's whole account. */
export type QuotedSource = { commentId: string } | { postId: string } | { memberId: string };

/** Publishes a member's live event in the transaction, so it goes out at its commit or not at all. */
export type PublishInTransaction = (
  tx: Executor,
  userId: string,
  type: string,
  payload: Record<string, unknown>,
) => Promise<void>;

/**
 * The neutral words a redacted notification shows (decision 0110). A deleted post's link would open
 * nothing, so it goes; a former member's notice keeps only a link to a post, which stays readable under
 * "Former member" (a conversation, or the admins' user search by email, would be the member's traces).
 */
function replacement(source: QuotedSource): { where: SQL; title: string; body: string; link: SQL } {
  if ('commentId' in source)
    return {
      where: sql`source_comment_id = ${source.commentId}`,
      title: 'A comment that was deleted',
      body: 'The comment this notification quoted was deleted, so it is no longer shown.',
      link: sql`link`,
    };
  if ('postId' in source)
    return {
      where: sql`source_post_id = ${source.postId}`,
      title: 'A post that was deleted',
      body: 'The post this notification quoted was deleted, so it is no longer shown.',
      link: sql`null`,
    };
  return {
    where: sql`source_member_id = ${source.memberId}`,
    title: 'A former member',
    body: 'This was about a member who has since left Uplift, so their name and words are no longer shown.',
    link: sql`case when link like '/community/posts/%' then link end`,
  };
}

/**
 * Replaces the quoted words and names in every stored notification that quotes `source`, in the caller's
 * transaction, and tells each recipient's devices so an open notification centre refetches. Pushes and
 * mails already sent cannot be recalled.
 */
export function createQuoteRedaction(publish: PublishInTransaction) {
  return async function redactQuotes(tx: Executor, source: QuotedSource): Promise<void> {
    const { where, title, body, link } = replacement(source);
    const changed = await tx.execute<{ id: string }>(sql`
      update notifications set title = ${title}, body = ${body}, link = ${link}
      where ${where} and (title <> ${title} or body <> ${body})
      returning id`);
    if (changed.rows.length === 0) return;
    const recipients = await tx.execute<{ user_id: string }>(sql`
      select distinct user_id from notification_deliveries
      where in_app and notification_id = any(${sql.param(changed.rows.map((row) => row.id))}::uuid[])`);
    for (const { user_id: userId } of recipients.rows)
      await publish(tx, userId, notificationsChangedEvent, {
        unreadCount: await repo.unreadCount(tx, userId),
      });
  };
}

export type RedactQuotes = ReturnType<typeof createQuoteRedaction>;
