import { z } from 'zod';
import { safeText } from '../text.ts';

/**
 * Direct messages between two members (issue 45.6): a conversation is known to each member by the other
 * member's id, so a profile's "Message" button and a notification both link to `/messages/<their id>`.
 */
export const messageLimits = {
  bodyMax: 2_000,
  /** Messages one member may send per minute, to anyone. */
  perMinute: 30,
  /** The newest messages a conversation shows. */
  pageSize: 200,
  reportNoteMax: 500,
} as const;

/** Why a member reports a conversation (its own list: a post's "off topic" means nothing here). */
export const conversationReportReasons = [
  { id: 'harassment', label: 'Harassment or hate' },
  { id: 'unwanted', label: 'Unwanted contact' },
  { id: 'spam', label: 'Spam or a scam' },
  { id: 'other', label: 'Something else' },
] as const;
export const conversationReportReasonSchema = z.enum(['harassment', 'unwanted', 'spam', 'other']);
export type ConversationReportReason = z.infer<typeof conversationReportReasonSchema>;

/** Who may start or carry on a conversation with a member (their setting; the server enforces it). */
export const whoCanMessageOptions = [
  { id: 'everyone', label: 'Any member' },
  { id: 'messaged', label: 'Only members I’ve messaged or who messaged me' },
  { id: 'nobody', label: 'Nobody' },
] as const;
export const whoCanMessageSchema = z.enum(['everyone', 'messaged', 'nobody']);
export type WhoCanMessage = z.infer<typeof whoCanMessageSchema>;
export const defaultWhoCanMessage: WhoCanMessage = 'everyone';

export const messageSettingsSchema = z
  .object({ whoCanMessage: whoCanMessageSchema })
  .meta({ id: 'MessageSettings' });
export type MessageSettings = z.infer<typeof messageSettingsSchema>;
/** The same, as a request body (a body and an answer may not share one schema name in the OpenAPI document). */
export const messageSettingsInputSchema = z.object({ whoCanMessage: whoCanMessageSchema });

export const messageMemberSchema = z
  .object({ id: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() })
  .meta({ id: 'MessageMember' });
export type MessageMember = z.infer<typeof messageMemberSchema>;

export const directMessageSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    body: z.string(),
    mine: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'DirectMessage' });
export type DirectMessage = z.infer<typeof directMessageSchema>;

export const directMessageInputSchema = z.object({
  /**
   * Chosen by the client, as for comments: a message waiting offline is known by it, so its pending copy
   * gives way to the landed one; the same id again returns the same message.
   */
  id: z.uuid().optional(),
  body: safeText().trim().min(1).max(messageLimits.bodyMax),
});
export type DirectMessageInput = z.infer<typeof directMessageInputSchema>;

/** Why the caller cannot send to this member now, or null when they can. */
export const cannotMessageReasonSchema = z.enum(['blocked-by-you', 'unavailable', 'not-accepting']);
export type CannotMessageReason = z.infer<typeof cannotMessageReasonSchema>;

export const directConversationSchema = z
  .object({
    /** Null until the first message. */
    id: z.string().nullable(),
    member: messageMemberSchema,
    /** Oldest first. */
    messages: z.array(directMessageSchema),
    /** The newest of the caller's messages the other member has read ("Seen"), or null. */
    seenMessageId: z.string().nullable(),
    cannotMessage: cannotMessageReasonSchema.nullable(),
    blockedByMe: z.boolean(),
    /** Whether the caller has an open report of this conversation. */
    reported: z.boolean(),
  })
  .meta({ id: 'DirectConversation' });
export type DirectConversation = z.infer<typeof directConversationSchema>;

export const directConversationSummarySchema = z
  .object({
    id: z.string(),
    member: messageMemberSchema,
    lastMessage: z.object({ body: z.string(), mine: z.boolean(), createdAt: z.string() }),
    unread: z.number().int().nonnegative(),
  })
  .meta({ id: 'DirectConversationSummary' });
export type DirectConversationSummary = z.infer<typeof directConversationSummarySchema>;

export const directConversationListSchema = z
  .object({ items: z.array(directConversationSummarySchema) })
  .meta({ id: 'DirectConversationList' });
export type DirectConversationList = z.infer<typeof directConversationListSchema>;

export const markReadInputSchema = z.object({ upTo: z.uuid() });

export const memberIdParamsSchema = z.object({ memberId: z.uuid() });

export const blockedMembersSchema = z
  .object({ items: z.array(messageMemberSchema) })
  .meta({ id: 'BlockedMembers' });
export type BlockedMembers = z.infer<typeof blockedMembersSchema>;

export const conversationReportInputSchema = z.object({
  reason: conversationReportReasonSchema,
  note: safeText().trim().max(messageLimits.reportNoteMax).optional(),
});
export type ConversationReportInput = z.infer<typeof conversationReportInputSchema>;

/** A reported conversation in the admins' queue: who and why, never the messages (those open on request). */
export const reportedConversationSchema = z
  .object({
    id: z.string(),
    members: z.array(messageMemberSchema),
    reports: z.array(
      z.object({
        reason: conversationReportReasonSchema,
        note: z.string().nullable(),
        reporter: z.string(),
        at: z.string(),
      }),
    ),
  })
  .meta({ id: 'ReportedConversation' });
export type ReportedConversation = z.infer<typeof reportedConversationSchema>;

export const reportedConversationListSchema = z
  .object({ items: z.array(reportedConversationSchema) })
  .meta({ id: 'ReportedConversationList' });

/** A reported conversation opened by an admin (the opening is in the audit log). */
export const reportedConversationMessagesSchema = z
  .object({
    id: z.string(),
    members: z.array(messageMemberSchema),
    messages: z.array(
      z.object({ id: z.string(), senderId: z.string().nullable(), body: z.string(), createdAt: z.string() }),
    ),
  })
  .meta({ id: 'ReportedConversationMessages' });
export type ReportedConversationMessages = z.infer<typeof reportedConversationMessagesSchema>;

export const conversationIdParamsSchema = z.object({ id: z.uuid() });
export { messagesChangedEvent } from './live-event-types.ts';

/** A member's direct messages in their data export: both sides of their conversations, their blocks, settings. */
export const directMessagesExportSchema = z.object({
  whoCanMessage: whoCanMessageSchema,
  conversations: z.array(
    z.object({
      with: z.string(),
      startedAt: z.string(),
      messages: z.array(z.object({ fromMe: z.boolean(), body: z.string(), sentAt: z.string() })),
    }),
  ),
  /** Members this member blocked (never who blocked them). */
  blocked: z.array(z.object({ displayName: z.string(), blockedAt: z.string() })),
  reports: z.array(
    z.object({
      with: z.string(),
      reason: conversationReportReasonSchema,
      note: z.string().nullable(),
      status: z.string(),
      reportedAt: z.string(),
    }),
  ),
});
export type DirectMessagesExport = z.infer<typeof directMessagesExportSchema>;
