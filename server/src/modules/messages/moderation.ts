import type { ReportedConversationMessages } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { recordAudit, type Actor } from '../audit/index.ts';
import * as repo from './messages.repo.ts';
import * as reportsRepo from './reports.repo.ts';

const notReported = 'This conversation has no open report: private messages stay private.';

/**
 * An admin opens a reported conversation. Admins read private messages only while a member's report of
 * them is open, and every opening is written to the audit log in the same transaction as the read.
 */
export async function openReported(
  db: Database,
  admin: Actor,
  conversationId: string,
): Promise<ReportedConversationMessages> {
  return db.transaction(async (tx) => {
    const conversation = await repo.findConversationById(tx, conversationId);
    if (!conversation || !(await reportsRepo.hasOpenReport(tx, conversationId)))
      throw new HttpError(403, notReported);
    const members = await repo.membersOf(tx, conversation);
    await recordAudit(tx, {
      actor: admin,
      action: 'conversation.open',
      subjectType: 'conversation',
      subjectId: conversationId,
      subjectLabel: members.map((member) => member.displayName).join(' and '),
    });
    const messages = await repo.messagesIn(tx, conversationId, 1_000);
    return {
      id: conversationId,
      members,
      messages: messages.map((message) => ({
        id: message.id,
        senderId: message.senderId,
        body: message.body,
        createdAt: message.createdAt.toISOString(),
      })),
    };
  });
}

/** The admin is done with the report: it leaves the queue, and the conversation is private again. */
export async function closeReported(db: Database, admin: Actor, conversationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const conversation = await repo.findConversationById(tx, conversationId);
    const closed = conversation ? await reportsRepo.closeReports(tx, conversationId, admin.id) : 0;
    if (!conversation || closed === 0) throw new HttpError(404, 'This conversation has no open report.');
    await recordAudit(tx, {
      actor: admin,
      action: 'conversation.close_report',
      subjectType: 'conversation',
      subjectId: conversationId,
      subjectLabel: (await repo.membersOf(tx, conversation))
        .map((member) => member.displayName)
        .join(' and '),
      after: { reportsClosed: closed },
    });
  });
}
