import { z } from 'zod';
import { chatLimits } from './chat-constants.ts';

export * from './chat-constants.ts';
import { safeText } from '../text.ts';

/**
 * What an answer cites: a knowledge point, or one of the product's own screens (issue 41.3): a partner, a
 * video, a skills assessment, or the member's own results.
 */
export const citationKinds = ['knowledge', 'partner', 'video', 'assessment', 'results'] as const;
export type CitationKind = (typeof citationKinds)[number];

export const citationSchema = z
  .object({
    index: z.number().int().min(1),
    /** The cited thing's id: a knowledge point's, or a partner's, video's, skill's or attempt's. */
    knowledgePointId: z.string(),
    slug: z.string(),
    title: z.string(),
    /** Absent on answers saved before screens were cited: a knowledge point. */
    kind: z.enum(citationKinds).optional(),
    /** The app's screen that shows it (`/partners/…`, `/videos/…`, `/skills…`). */
    href: z.string().optional(),
  })
  .meta({ id: 'Citation' });
export type Citation = z.infer<typeof citationSchema>;

const messageText = safeText()
  .trim()
  .min(1, 'Type a message')
  .max(chatLimits.messageMaxChars, `Keep messages under ${chatLimits.messageMaxChars} characters`);

export const chatTurnSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: safeText().max(chatLimits.messageMaxChars * 4),
});

export const publicChatRequestSchema = z
  .object({
    message: messageText,
    history: z.array(chatTurnSchema).max(chatLimits.publicHistoryMaxTurns).default([]),
  })
  .meta({ id: 'PublicChatRequest' });

export const memberChatRequestSchema = z
  .object({ conversationId: z.uuid().optional(), message: messageText })
  .meta({ id: 'MemberChatRequest' });

export const chatMessageStatuses = ['streaming', 'complete', 'stopped', 'failed'] as const;

export const chatMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    citations: z.array(citationSchema),
    status: z.enum(chatMessageStatuses),
    /** True when the answer was composed from the knowledge base alone, without the AI model. */
    groundedOnly: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSummarySchema = z
  .object({ id: z.string(), title: z.string(), createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListResponseSchema = z
  .object({ items: z.array(conversationSummarySchema) })
  .meta({ id: 'ConversationList' });

export const conversationDetailSchema = conversationSummarySchema
  .extend({ messages: z.array(chatMessageSchema) })
  .meta({ id: 'ConversationDetail' });
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** GET /api/chat/conversations?q=: the member's conversations whose title or messages hold `q`. */
export const conversationListQuerySchema = z.object({
  q: safeText().trim().max(chatLimits.titleMaxChars).optional(),
});

/**
 * POST /api/chat/conversations/:id/regenerate: a new answer to the last question, or to the question as
 * the member edited it (`message`), which replaces the one they sent. With `questionId`, that earlier
 * question of the conversation is the one answered again (edited when `message` is given): every turn after
 * it, questions and answers, is dropped first.
 */
export const regenerateRequestSchema = z
  .object({ message: messageText.optional(), questionId: z.uuid().optional() })
  .meta({ id: 'RegenerateRequest' });
export type RegenerateRequest = z.infer<typeof regenerateRequestSchema>;

export const renameConversationRequestSchema = z.object({
  title: safeText().trim().min(1).max(chatLimits.titleMaxChars),
});

export const chatQuotaSchema = z
  .object({
    used: z.number().int(),
    /** null: unlimited (admins). */
    limit: z.number().int().nullable(),
    remaining: z.number().int().nullable(),
    resetsAt: z.iso.datetime(),
    /**
     * Whose count sets `remaining`: a member's `account`; for an anonymous visitor, their own browser
     * (`visitor`) or, when the daily ceiling of their network address (all browsers there together) leaves
     * less than the browser's own allowance, the `address`.
     */
    limitedBy: z.enum(['account', 'visitor', 'address']),
  })
  .meta({ id: 'ChatQuota' });
export type ChatQuota = z.infer<typeof chatQuotaSchema>;

/**
 * Server-sent events of a streamed answer, each as `event: <type>` with this JSON as data:
 * `meta` first (ids and citations), then `token`s, then `done` (or `error`).
 */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('meta'),
    conversationId: z.string().nullable(),
    messageId: z.string().nullable(),
    /** The stored question this answers (members' conversations), so a client can edit it later. */
    questionId: z.string().nullable().optional(),
    citations: z.array(citationSchema),
    groundedOnly: z.boolean(),
  }),
  z.object({ type: z.literal('token'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    messageId: z.string().nullable(),
    content: z.string(),
    citations: z.array(citationSchema),
    status: z.enum(chatMessageStatuses),
    groundedOnly: z.boolean(),
    quota: chatQuotaSchema,
  }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;
