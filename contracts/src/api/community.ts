import { z } from 'zod';
import { skillAreaIdSchema } from '../skills.ts';
import { safeText } from '../text.ts';
import { partnerNearSchema } from './partners.ts';
import { communityImageLimits, communityLimits } from './community-constants.ts';
import { industryIdSchema, profileLimits } from './profiles.ts';

export * from './community-constants.ts';
export * from './community-mentions.ts';

/** A member a body mentions whom the server lets it link to and notify (decision 0095). */
export const communityMentionSchema = z.object({ id: z.string(), name: z.string() });
export type CommunityMention = z.infer<typeof communityMentionSchema>;
/**
 * The body's mentions that link to a profile, with the member's name today; any other mention token
 * (a member who left) shows as plain text. Absent where nothing is resolved (a pending copy offline).
 */
const mentionsField = z.array(communityMentionSchema).optional();

export const reactionKindSchema = z.enum(['like', 'celebrate', 'insightful', 'support']);
export type ReactionKind = z.infer<typeof reactionKindSchema>;

export const reportReasonSchema = z.enum(['spam', 'harassment', 'misinformation', 'off-topic', 'other']);
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const communityAuthorSchema = z.object({
  /** Null once the account is deleted; `name` is then "Former member". */
  id: z.string().nullable(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type CommunityAuthor = z.infer<typeof communityAuthorSchema>;

export const communityTopicSchema = z
  .object({ id: z.string(), name: z.string(), description: z.string() })
  .meta({ id: 'CommunityTopic' });
export type CommunityTopic = z.infer<typeof communityTopicSchema>;
export const communityTopicListSchema = z.object({ items: z.array(communityTopicSchema) });

const reactionCountsSchema = z.object({
  like: z.number().int(),
  celebrate: z.number().int(),
  insightful: z.number().int(),
  support: z.number().int(),
});

export const communityPostSchema = z
  .object({
    id: z.string(),
    topicId: z.string(),
    /** Markdown source: render a safe subset only, never as HTML. Empty once deleted. */
    body: z.string(),
    author: communityAuthorSchema,
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    pinned: z.boolean(),
    /** Hidden by a moderator: only its author and admins still see it. */
    hidden: z.boolean(),
    /** Hidden by members' flags (decision 0099) and waiting for an admin to restore or keep it hidden. */
    pendingReview: z.boolean().optional(),
    deleted: z.boolean(),
    commentCount: z.number().int(),
    reactions: reactionCountsSchema,
    myReactions: z.array(reactionKindSchema),
    mine: z.boolean(),
    /** The optional picture (re-encoded WebP, served immutable); null when there is none or once deleted. */
    image: z.object({ url: z.string(), alt: z.string() }).nullable(),
    mentions: mentionsField,
  })
  .meta({ id: 'CommunityPost' });
export type CommunityPost = z.infer<typeof communityPostSchema>;

export const communityPostListQuerySchema = z.object({
  topic: z.string().max(40).optional(),
  q: safeText().trim().max(200).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(communityLimits.pageSizeMax).default(20),
});
export const communityPostListSchema = z
  .object({
    /** Pinned posts, on the first page only. */
    pinned: z.array(communityPostSchema),
    items: z.array(communityPostSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'CommunityPostList' });
export type CommunityPostList = z.infer<typeof communityPostListSchema>;

/** What `POST /api/community/images` answers: the key a post then names, and where the image is served. */
export const communityImageUploadSchema = z
  .object({ key: z.string(), url: z.string() })
  .meta({ id: 'CommunityImageUpload' });
export type CommunityImageUpload = z.infer<typeof communityImageUploadSchema>;

export const communityPostInputSchema = z.object({
  /**
   * Optional, chosen by the client: a post written offline has its id before it reaches the server, so a
   * comment written on it offline can name it. Sending the same id again returns the same post.
   */
  id: z.uuid().optional(),
  topicId: z.string().min(1).max(40),
  body: safeText().trim().min(1).max(communityLimits.postMax),
  /** An image uploaded through `POST /api/community/images`, with its alt text. */
  image: z
    .object({
      key: z.string().regex(/^[0-9a-f]{32}$/, 'Upload the image first.'),
      alt: safeText().trim().min(1).max(communityImageLimits.altMax),
    })
    .optional(),
});
export type CommunityPostInput = z.infer<typeof communityPostInputSchema>;
export const communityPostUpdateSchema = communityPostInputSchema
  .pick({ topicId: true, body: true })
  .partial();

export const communityCommentSchema = z
  .object({
    id: z.string(),
    postId: z.string(),
    parentId: z.string().nullable(),
    body: z.string(),
    author: communityAuthorSchema,
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    hidden: z.boolean(),
    deleted: z.boolean(),
    mine: z.boolean(),
    mentions: mentionsField,
  })
  .meta({ id: 'CommunityComment' });
export type CommunityComment = z.infer<typeof communityCommentSchema>;

export const communityCommentInputSchema = z.object({
  /**
   * Optional, chosen by the client as for posts: a comment waiting offline is known by this id, so the
   * screen swaps the pending copy for the landed one in one render. The same id again returns the same comment.
   */
  id: z.uuid().optional(),
  body: safeText().trim().min(1).max(communityLimits.commentMax),
  /** A top-level comment to reply to (one level of replies). */
  parentId: z.uuid().optional(),
});
export const communityCommentUpdateSchema = communityCommentInputSchema.pick({ body: true });
export type CommunityCommentInput = z.infer<typeof communityCommentInputSchema>;

export const communityThreadSchema = z
  .object({ post: communityPostSchema, comments: z.array(communityCommentSchema) })
  .meta({ id: 'CommunityThread' });
export type CommunityThread = z.infer<typeof communityThreadSchema>;

/** An earlier version of an edited post or comment; the list is newest first. */
export const communityRevisionSchema = z
  .object({
    body: z.string(),
    /** When this version was written (created, or edited before). */
    writtenAt: z.string(),
    /** When the next edit replaced it. */
    replacedAt: z.string(),
  })
  .meta({ id: 'CommunityRevision' });
export type CommunityRevision = z.infer<typeof communityRevisionSchema>;
export const communityRevisionListSchema = z
  .object({ items: z.array(communityRevisionSchema) })
  .meta({ id: 'CommunityRevisionList' });
export type CommunityRevisionList = z.infer<typeof communityRevisionListSchema>;

export const communityReactionsSchema = z.object({
  postId: z.string(),
  reactions: reactionCountsSchema,
  myReactions: z.array(reactionKindSchema),
});

export const communityPinSchema = z.object({ pinned: z.boolean() });

export const communityReportInputSchema = z.object({
  postId: z.uuid(),
  commentId: z.uuid().optional(),
  reason: reportReasonSchema,
  note: safeText().trim().max(communityLimits.reportNoteMax).optional(),
});
export const communityReportReceiptSchema = z.object({ reported: z.literal(true) });

export const moderationDecisionSchema = z.enum(['hide', 'restore', 'dismiss']);
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;
export const moderationDecisionInputSchema = z.object({
  postId: z.uuid(),
  commentId: z.uuid().optional(),
  decision: moderationDecisionSchema,
});

export const moderationItemSchema = z
  .object({
    postId: z.string(),
    commentId: z.string().nullable(),
    body: z.string(),
    author: communityAuthorSchema,
    createdAt: z.string(),
    hidden: z.boolean(),
    /** Hidden by members' flags, not yet by a moderator (decision 0099). */
    pendingReview: z.boolean().optional(),
    reports: z.array(
      z.object({
        reason: reportReasonSchema,
        note: z.string().nullable(),
        reporter: z.string(),
        at: z.string(),
      }),
    ),
  })
  .meta({ id: 'ModerationItem' });
export type ModerationItem = z.infer<typeof moderationItemSchema>;
export const moderationQueueSchema = z.object({ items: z.array(moderationItemSchema) });

/** How far "near me" reaches in the member directory. */
export const memberDirectoryQuerySchema = z.object({
  q: safeText().trim().max(100).optional(),
  skill: skillAreaIdSchema.optional(),
  industry: industryIdSchema.optional(),
  city: safeText().trim().min(1).max(profileLimits.placeMax).optional(),
  /** `lat,lng`: members within `directoryNearKm`, nearest first. */
  near: partnerNearSchema.optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type MemberDirectoryQuery = z.input<typeof memberDirectoryQuerySchema>;

export const directoryMemberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    headline: z.string().nullable(),
    industry: z.string().nullable(),
    city: z.string().nullable(),
    topSkills: z.array(skillAreaIdSchema),
    /** From the `near` point, when asked. */
    distanceKm: z.number().nullable(),
  })
  .meta({ id: 'DirectoryMember' });
export type DirectoryMember = z.infer<typeof directoryMemberSchema>;
export const memberDirectorySchema = z.object({
  items: z.array(directoryMemberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
