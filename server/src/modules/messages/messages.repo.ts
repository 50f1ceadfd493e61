import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { DirectConversationSummary, MessageMember, WhoCanMessage } from '@uplift/contracts';
import { defaultWhoCanMessage } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { directConversations, directMessages, messageSettings, users } from '../../db/schema.ts';

/** A database or an open transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

export type ConversationRow = typeof directConversations.$inferSelect;
export type MessageRow = typeof directMessages.$inferSelect;

/** The pair as stored: the lower id first, so a pair has one row whoever wrote first. */
export function pairOf(a: string, b: string): { memberA: string; memberB: string } {
  return a < b ? { memberA: a, memberB: b } : { memberA: b, memberB: a };
}

/** The side of the row `member` is on: where their read position is kept. */
export function readSeqOf(row: ConversationRow, member: string): number {
  return row.memberA === member ? row.aReadSeq : row.bReadSeq;
}

export async function findConversation(db: Executor, a: string, b: string): Promise<ConversationRow | null> {
  const { memberA, memberB } = pairOf(a, b);
  const [row] = await db
    .select()
    .from(directConversations)
    .where(and(eq(directConversations.memberA, memberA), eq(directConversations.memberB, memberB)));
  return row ?? null;
}

export async function findConversationById(db: Executor, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(directConversations).where(eq(directConversations.id, id));
  return row ?? null;
}

export async function findMember(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      avatarUrl: users.avatarUrl,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

export async function membersOf(db: Executor, row: ConversationRow): Promise<MessageMember[]> {
  return db
    .select({ id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl })
    .from(users)
    .where(or(eq(users.id, row.memberA), eq(users.id, row.memberB)))
    .orderBy(asc(users.displayName));
}

export async function whoCanMessageOf(db: Executor, userId: string): Promise<WhoCanMessage> {
  const [row] = await db
    .select({ whoCanMessage: messageSettings.whoCanMessage })
    .from(messageSettings)
    .where(eq(messageSettings.userId, userId));
  return row?.whoCanMessage ?? defaultWhoCanMessage;
}

export async function saveWhoCanMessage(db: Executor, userId: string, value: WhoCanMessage): Promise<void> {
  await db
    .insert(messageSettings)
    .values({ userId, whoCanMessage: value })
    .onConflictDoUpdate({
      target: messageSettings.userId,
      set: { whoCanMessage: value, updatedAt: new Date() },
    });
}

/** The newest `limit` messages, oldest first. */
export async function messagesIn(db: Executor, conversationId: string, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(directMessages)
    .where(eq(directMessages.conversationId, conversationId))
    .orderBy(desc(directMessages.seq))
    .limit(limit);
  return rows.reverse();
}

export async function findMessage(db: Executor, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(directMessages).where(eq(directMessages.id, id));
  return row ?? null;
}

/** The conversation of the pair, created at its first message; its newest message time moves on. */
export async function upsertConversation(db: Executor, a: string, b: string): Promise<ConversationRow> {
  const [row] = await db
    .insert(directConversations)
    .values(pairOf(a, b))
    .onConflictDoUpdate({
      target: [directConversations.memberA, directConversations.memberB],
      set: { lastMessageAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('conversation not stored');
  return row;
}

export async function insertMessage(
  db: Executor,
  message: { id: string; conversationId: string; senderId: string; body: string },
): Promise<MessageRow | null> {
  const [row] = await db.insert(directMessages).values(message).onConflictDoNothing().returning();
  return row ?? null;
}

/** Moves `member`'s read position forward to `seq` (never back); whether it moved. */
export async function advanceRead(
  db: Executor,
  row: ConversationRow,
  member: string,
  seq: number,
): Promise<boolean> {
  const column = row.memberA === member ? directConversations.aReadSeq : directConversations.bReadSeq;
  const moved = await db
    .update(directConversations)
    .set(row.memberA === member ? { aReadSeq: seq } : { bReadSeq: seq })
    .where(and(eq(directConversations.id, row.id), sql`${column} < ${seq}`))
    .returning({ id: directConversations.id });
  return moved.length > 0;
}

interface SummaryRow extends Record<string, unknown> {
  id: string;
  other_id: string;
  other_name: string;
  other_avatar: string | null;
  body: string;
  sender_id: string;
  created_at: string | Date;
  unread: string | number;
}

/** The member's conversations, the most recent first, each with its newest message and unread count. */
export async function conversationsOf(db: Executor, member: string): Promise<DirectConversationSummary[]> {
  const result = await db.execute<SummaryRow>(sql`
    select c.id, u.id as other_id, u.display_name as other_name, u.avatar_url as other_avatar,
      last.body, last.sender_id, last.created_at,
      (select count(*) from direct_messages m
        where m.conversation_id = c.id and m.sender_id <> ${member}
          and m.seq > case when c.member_a = ${member} then c.a_read_seq else c.b_read_seq end) as unread
    from direct_conversations c
    join users u on u.id = case when c.member_a = ${member} then c.member_b else c.member_a end
    join lateral (
      select body, sender_id, created_at from direct_messages m
      where m.conversation_id = c.id order by m.seq desc limit 1
    ) last on true
    where c.member_a = ${member} or c.member_b = ${member}
    order by c.last_message_at desc
    limit 200`);
  return result.rows.map((row) => ({
    id: row.id,
    member: { id: row.other_id, displayName: row.other_name, avatarUrl: row.other_avatar },
    lastMessage: {
      body: row.body,
      mine: row.sender_id === member,
      createdAt: new Date(row.created_at).toISOString(),
    },
    unread: Number(row.unread),
  }));
}

/** The newest of `member`'s messages at or before the other member's read position: "Seen". */
export async function seenMessageId(
  db: Executor,
  row: ConversationRow,
  member: string,
): Promise<string | null> {
  const otherRead = row.memberA === member ? row.bReadSeq : row.aReadSeq;
  if (otherRead === 0) return null;
  const [seen] = await db
    .select({ id: directMessages.id })
    .from(directMessages)
    .where(
      and(
        eq(directMessages.conversationId, row.id),
        eq(directMessages.senderId, member),
        sql`${directMessages.seq} <= ${otherRead}`,
      ),
    )
    .orderBy(desc(directMessages.seq))
    .limit(1);
  return seen?.id ?? null;
}
