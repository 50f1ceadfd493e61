import { asc, eq, inArray } from 'drizzle-orm';
import type { AccountExport, AccountSession } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { chatMessages, conversations } from '../../db/schema.ts';
import { memberMessagesExport } from '../messages/index.ts';
import { exportActivity } from './account-export.activity.ts';
import * as repo from './profiles.repo.ts';
import { preferencesOf, toOutcome, toProfile } from './profiles.service.ts';

/**
 * Everything stored about one member, as a JSON document of their own (nobody else's rows): the account
 * and profile here, what they did elsewhere in the product in account-export.activity.ts.
 */
export async function exportAccount(
  db: Database,
  userId: string,
  sessions: AccountSession[],
): Promise<AccountExport> {
  const found = await repo.findUserWithProfile(db, userId);
  if (!found) throw new Error('exporting a user that does not exist');
  const { user, profile } = found;
  const ownConversations = await db
    .select()
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(asc(conversations.createdAt));
  const messages =
    ownConversations.length === 0
      ? []
      : await db
          .select()
          .from(chatMessages)
          .where(
            inArray(
              chatMessages.conversationId,
              ownConversations.map((conversation) => conversation.id),
            ),
          )
          .orderBy(asc(chatMessages.createdAt));
  const activity = await exportActivity(db, userId);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
    },
    profile: toProfile(user, profile, true),
    outcomes: (await repo.listOutcomes(db, userId)).map(toOutcome),
    preferences: await preferencesOf(db, userId),
    sessions,
    conversations: ownConversations.map((conversation) => ({
      id: conversation.id,
      title: conversation.title,
      createdAt: conversation.createdAt.toISOString(),
      messages: messages
        .filter((message) => message.conversationId === conversation.id)
        .map((message) => ({
          role: message.role,
          content: message.content,
          createdAt: message.createdAt.toISOString(),
        })),
    })),
    ...activity,
    directMessages: await memberMessagesExport(db, userId),
  };
}
