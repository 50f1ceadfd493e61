import { asc, eq, or, sql } from 'drizzle-orm';
import type { DirectMessagesExport } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import {
  directConversationReports,
  directConversations,
  directMessages,
  memberBlocks,
  users,
} from '../../db/schema.ts';
import { whoCanMessageOf } from './messages.repo.ts';

/**
 * A member's direct messages for their data export: every conversation they are in, both sides (the
 * messages were written to them), the members they blocked, their reports and their setting. Who blocked
 * them is not theirs to know and stays out.
 */
export async function memberMessagesExport(db: Database, userId: string): Promise<DirectMessagesExport> {
  const other = sql<string>`case when ${directConversations.memberA} = ${userId}
    then ${directConversations.memberB} else ${directConversations.memberA} end`;
  const [whoCanMessage, conversations, messages, blocked, reports] = await Promise.all([
    whoCanMessageOf(db, userId),
    db
      .select({
        id: directConversations.id,
        with: users.displayName,
        startedAt: directConversations.createdAt,
      })
      .from(directConversations)
      .innerJoin(users, eq(users.id, other))
      .where(or(eq(directConversations.memberA, userId), eq(directConversations.memberB, userId)))
      .orderBy(asc(directConversations.createdAt)),
    db
      .select({
        conversationId: directMessages.conversationId,
        senderId: directMessages.senderId,
        body: directMessages.body,
        sentAt: directMessages.createdAt,
      })
      .from(directMessages)
      .innerJoin(directConversations, eq(directConversations.id, directMessages.conversationId))
      .where(or(eq(directConversations.memberA, userId), eq(directConversations.memberB, userId)))
      .orderBy(asc(directMessages.seq)),
    db
      .select({ displayName: users.displayName, blockedAt: memberBlocks.createdAt })
      .from(memberBlocks)
      .innerJoin(users, eq(users.id, memberBlocks.blockedId))
      .where(eq(memberBlocks.blockerId, userId))
      .orderBy(asc(memberBlocks.createdAt)),
    db
      .select({ report: directConversationReports, with: users.displayName })
      .from(directConversationReports)
      .innerJoin(directConversations, eq(directConversations.id, directConversationReports.conversationId))
      .innerJoin(users, eq(users.id, other))
      .where(eq(directConversationReports.reporterId, userId))
      .orderBy(asc(directConversationReports.createdAt)),
  ]);
  return {
    whoCanMessage,
    conversations: conversations.map((conversation) => ({
      with: conversation.with,
      startedAt: conversation.startedAt.toISOString(),
      messages: messages
        .filter((message) => message.conversationId === conversation.id)
        .map((message) => ({
          fromMe: message.senderId === userId,
          body: message.body,
          sentAt: message.sentAt.toISOString(),
        })),
    })),
    blocked: blocked.map((row) => ({ displayName: row.displayName, blockedAt: row.blockedAt.toISOString() })),
    reports: reports.map(({ report, with: withName }) => ({
      with: withName,
      reason: report.reason,
      note: report.note,
      status: report.status,
      reportedAt: report.createdAt.toISOString(),
    })),
  };
}
