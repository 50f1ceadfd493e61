import {
  messagesChangedEvent,
  type ConversationReportInput,
  type DirectMessage,
  type DirectMessageInput,
  type User,
  type WhoCanMessage,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { EventBus, Executor as EventExecutor } from '../events/index.ts';
import * as repo from './messages.repo.ts';
import { cannotMessage, refusals } from './permissions.ts';
import * as reportsRepo from './reports.repo.ts';

/** What the recipient is told (the notifications module, handed in by app.ts). */
export interface MessageNotices {
  messageReceived(notice: { recipientId: string; senderId: string; senderName: string }): Promise<void>;
  /** The reader has read the conversation: its notification is read too. */
  conversationRead(notice: { readerId: string; otherId: string }): Promise<void>;
}

export function toMessage(row: repo.MessageRow, viewer: string): DirectMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    body: row.body,
    mine: row.senderId === viewer,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Both members' devices hear of it (and nobody else's): ids only, each told who the other member is. */
async function announce(events: EventBus, tx: EventExecutor, a: string, b: string) {
  await events.publish({ type: messagesChangedEvent, audienceUserId: a, payload: { with: b } }, tx);
  await events.publish({ type: messagesChangedEvent, audienceUserId: b, payload: { with: a } }, tx);
}

export function createMessagesService(db: Database, events: EventBus, notices: MessageNotices) {
  return {
    /**
     * Sends a message, starting the conversation with the first. The message's id comes from the sender's
     * device: the same id again (a replay the idempotency store no longer holds) returns the message it
     * already made, never a second one.
     */
    async send(sender: User, recipientId: string, input: DirectMessageInput): Promise<DirectMessage> {
      if (sender.id === recipientId) throw new HttpError(400, 'You cannot send a message to yourself.');
      const id = input.id ?? crypto.randomUUID();
      const outcome = await db.transaction(async (tx) => {
        const existing = await repo.findMessage(tx, id);
        if (existing) {
          if (existing.senderId !== sender.id) throw new HttpError(409, 'That message id is taken.');
          return { message: existing, fresh: false };
        }
        const recipient = await repo.findMember(tx, recipientId);
        if (!recipient) throw new HttpError(404, 'No member with that id.');
        const reason = await cannotMessage(tx, sender.id, recipient);
        if (reason) throw new HttpError(403, refusals[reason]);
        const conversation = await repo.upsertConversation(tx, sender.id, recipientId);
        const message = await repo.insertMessage(tx, {
          id,
          conversationId: conversation.id,
          senderId: sender.id,
          body: input.body,
        });
        if (!message) throw new HttpError(409, 'That message id is taken.');
        // The sender has read their own message: it never counts as unread for them.
        await repo.advanceRead(tx, conversation, sender.id, message.seq);
        await announce(events, tx, sender.id, recipientId);
        return { message, fresh: true };
      });
      if (outcome.fresh) {
        await notices.messageReceived({
          recipientId,
          senderId: sender.id,
          senderName: sender.displayName,
        });
      }
      return toMessage(outcome.message, sender.id);
    },

    /** The reader has seen the conversation up to `upTo`; the other member's "Seen" moves with it. */
    async markRead(reader: string, otherId: string, upTo: string): Promise<void> {
      const moved = await db.transaction(async (tx) => {
        const conversation = await repo.findConversation(tx, reader, otherId);
        const message = await repo.findMessage(tx, upTo);
        if (!conversation || message?.conversationId !== conversation.id)
          throw new HttpError(404, 'No such message in your conversation with this member.');
        if (!(await repo.advanceRead(tx, conversation, reader, message.seq))) return false;
        await announce(events, tx, reader, otherId);
        return true;
      });
      if (moved) await notices.conversationRead({ readerId: reader, otherId });
    },

    async setWhoCanMessage(member: string, value: WhoCanMessage): Promise<void> {
      await repo.saveWhoCanMessage(db, member, value);
    },

    /**
     * Puts the conversation in the admins' moderation queue; from then until an admin closes the report,
     * the admins may open it. A second report by the same member while one is open changes nothing.
     */
    async report(reporter: string, otherId: string, input: ConversationReportInput): Promise<void> {
      await db.transaction(async (tx) => {
        const conversation = await repo.findConversation(tx, reporter, otherId);
        if (!conversation) throw new HttpError(404, 'There is no conversation with this member to report.');
        if (await reportsRepo.hasOpenReport(tx, conversation.id, reporter)) return;
        await reportsRepo.insertReport(tx, {
          conversationId: conversation.id,
          reporterId: reporter,
          reason: input.reason,
          note: input.note || null,
        });
      });
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
