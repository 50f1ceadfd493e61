import { and, eq, sql } from 'drizzle-orm';
import type { ConversationReportReason, ReportedConversation } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { directConversationReports as reports } from '../../db/schema.ts';
import type { Executor } from './messages.repo.ts';

export async function hasOpenReport(
  db: Executor,
  conversationId: string,
  reporterId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.conversationId, conversationId),
        eq(reports.status, 'open'),
        reporterId ? eq(reports.reporterId, reporterId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertReport(
  db: Executor,
  report: {
    conversationId: string;
    reporterId: string;
    reason: ConversationReportReason;
    note: string | null;
  },
): Promise<void> {
  await db.insert(reports).values(report);
}

/** Closes every open report of the conversation; how many were open. */
export async function closeReports(db: Executor, conversationId: string, adminId: string): Promise<number> {
  const closed = await db
    .update(reports)
    .set({ status: 'closed', closedAt: new Date(), closedBy: adminId })
    .where(and(eq(reports.conversationId, conversationId), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return closed.length;
}

export async function openReportedCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${reports.conversationId})::int` })
    .from(reports)
    .where(eq(reports.status, 'open'));
  return row?.count ?? 0;
}

interface QueueRow extends Record<string, unknown> {
  id: string;
  members: Array<{ id: string; displayName: string; avatarUrl: string | null }>;
  reports: Array<{
    reason: ConversationReportReason;
    note: string | null;
    reporter: string | null;
    at: string;
  }>;
}

/** Conversations with open reports, the oldest report first: who is in them and why, never the messages. */
export async function reportedConversations(db: Database): Promise<ReportedConversation[]> {
  const result = await db.execute<QueueRow>(sql`
    select c.id,
      (select jsonb_agg(jsonb_build_object('id', u.id, 'displayName', u.display_name,
          'avatarUrl', u.avatar_url) order by u.display_name)
        from users u where u.id in (c.member_a, c.member_b)) as members,
      jsonb_agg(jsonb_build_object('reason', r.reason, 'note', r.note, 'reporter', ru.display_name,
        'at', r.created_at) order by r.created_at) as reports
    from direct_conversation_reports r
    join direct_conversations c on c.id = r.conversation_id
    left join users ru on ru.id = r.reporter_id
    where r.status = 'open'
    group by c.id
    order by min(r.created_at)
    limit 100`);
  return result.rows.map((row) => ({
    id: row.id,
    members: row.members,
    reports: row.reports.map((report) => ({
      reason: report.reason,
      note: report.note,
      reporter: report.reporter ?? 'Former member',
      at: new Date(report.at).toISOString(),
    })),
  }));
}
