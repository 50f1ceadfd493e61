import { and, asc, desc, eq, exists, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { ChatMessage, ConversationSummary } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { chatMessages, conversations, type StoredCitation } from '../../db/schema.ts';

type MessageRow = typeof chatMessages.$inferSelect;
type ConversationRow = typeof conversations.$inferSelect;

export function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    citations: row.citations,
    status: row.status,
    groundedOnly: row.groundedOnly,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `q` matches anywhere in the title or a message, as typed (its `%` and `_` are not wildcards). */
export function listConversations(db: Database, userId: string, q?: string) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%` : null;
  const matching = pattern
    ? or(
        ilike(conversations.title, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(chatMessages)
            .where(
              and(eq(chatMessages.conversationId, conversations.id), ilike(chatMessages.content, pattern)),
            ),
        ),
      )
    : undefined;
  return db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), matching))
    .orderBy(desc(conversations.updatedAt))
    .limit(200);
}

export async function findConversation(db: Database, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
  return row;
}

export async function createConversation(db: Database, userId: string, title: string) {
  const [row] = await db.insert(conversations).values({ userId, title }).returning();
  if (!row) throw new Error('conversation insert returned no row');
  return row;
}

export async function renameConversation(db: Database, userId: string, id: string, title: string) {
  const [row] = await db
    .update(conversations)
    .set({ title, updatedAt: new Date() })
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning();
  return row;
}

export async function deleteConversation(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning({ id: conversations.id });
  return deleted.length > 0;
}

export function listMessages(db: Database, conversationId: string) {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.role));
}

/**
 * Before a question is answered again: drops the turns after it (`later`) and, when the member edited it,
 * puts in its new wording, together, so the conversation never shows one without the other.
 */
export async function replaceFrom(
  db: Database,
  later: string[],
  edited: { id: string; content: string } | null,
) {
  await db.transaction(async (tx) => {
    if (later.length > 0) await tx.delete(chatMessages).where(inArray(chatMessages.id, later));
    if (edited)
      await tx.update(chatMessages).set({ content: edited.content }).where(eq(chatMessages.id, edited.id));
  });
}

export async function insertMessage(db: Database, values: typeof chatMessages.$inferInsert) {
  const [row] = await db.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('message insert returned no row');
  await db
    .update(conversations)
    .set({ updatedAt: new Date() })
    .where(eq(conversations.id, values.conversationId));
  return row;
}

export async function saveAnswer(
  db: Database,
  id: string,
  answer: {
    content: string;
    status: MessageRow['status'];
    groundedOnly: boolean;
    citations: StoredCitation[];
  },
) {
  await db.update(chatMessages).set(answer).where(eq(chatMessages.id, id));
}

const abandonedNote = '\n\n_The answer was cut off: Uplift restarted while writing it. Try regenerating it._';

/** Fails the answers still 'streaming' that were started longer ago than `olderThanMs`; returns how many. */
export async function failAbandonedAnswers(db: Database, olderThanMs: number): Promise<number> {
  const closed = await db
    .update(chatMessages)
    .set({
      status: 'failed',
      content: sql`case when ${chatMessages.content} = '' then ${abandonedNote.trimStart()}
        else ${chatMessages.content} || ${abandonedNote} end`,
    })
    .where(
      and(
        eq(chatMessages.status, 'streaming'),
        lt(chatMessages.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .returning({ id: chatMessages.id });
  return closed.length;
}

/** A message of one of the user's conversations. */
export async function findOwnMessage(db: Database, userId: string, messageId: string) {
  const [row] = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.id, messageId), eq(conversations.userId, userId)));
  return row?.message;
}
