import { z } from 'zod';
import { roleSchema } from '../roles.ts';
import { adminUserSchema } from './admin.ts';
import { partnerRequestStatusSchema } from './partners.ts';

/**
 * A member's whole story for admins (/admin/users/:id, issue 43.4): the account, then one section per
 * part of the product, each paged, as each can grow without end. The audit entries about the member come
 * from the audit log's own endpoint (filtered by subject), paged by cursor as the whole log is.
 */
export const memberStorySections = [
  'sessions',
  'posts',
  'comments',
  'assessments',
  'partner-requests',
  'notifications',
] as const;
export type MemberStorySection = (typeof memberStorySections)[number];

/** Rows per page of a section; the story itself carries each section's first page. */
export const memberStoryPageSize = 10;

export const memberStoryPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    })
    .meta({ id });
}

/** What is left of a post or comment an admin looks at: hidden and deleted ones are part of the story. */
export const memberContentStates = ['shown', 'hidden', 'deleted'] as const;
const contentStateSchema = z.enum(memberContentStates);

export const memberSessionSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  lastActiveAt: z.string(),
  /** When it was signed out, revoked or suspended; null while it may still be used. */
  endedAt: z.string().nullable(),
  /** Why it ended, in the auth module's words ('signed-out', 'suspended', …). */
  endedReason: z.string().nullable(),
  /** The browser or app's own description of itself (its user agent), as sent. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
});
export const memberSessionPageSchema = pageOf(memberSessionSchema, 'MemberSessionPage');

export const memberPostSchema = z.object({
  id: z.string(),
  topicId: z.string(),
  excerpt: z.string(),
  createdAt: z.string(),
  state: contentStateSchema,
  commentCount: z.number().int(),
});
export const memberPostPageSchema = pageOf(memberPostSchema, 'MemberPostPage');

export const memberCommentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  excerpt: z.string(),
  createdAt: z.string(),
  state: contentStateSchema,
});
export const memberCommentPageSchema = pageOf(memberCommentSchema, 'MemberCommentPage');

export const memberAssessmentSchema = z.object({
  id: z.string(),
  status: z.enum(['in-progress', 'completed']),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  results: z.array(z.object({ skill: z.string(), score: z.number().int() })),
});
export const memberAssessmentPageSchema = pageOf(memberAssessmentSchema, 'MemberAssessmentPage');

export const memberPartnerRequestSchema = z.object({
  id: z.string(),
  partnerId: z.string(),
  partnerName: z.string(),
  status: partnerRequestStatusSchema,
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export const memberPartnerRequestPageSchema = pageOf(memberPartnerRequestSchema, 'MemberPartnerRequestPage');

export const receivedNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.string(),
  receivedAt: z.string(),
  /** False when the member had turned this kind off: counted as reached, not shown in their centre. */
  inApp: z.boolean(),
  pushedAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export const receivedNotificationPageSchema = pageOf(receivedNotificationSchema, 'MemberNotificationPage');

/** One change of role (a tier is a role: member-tier-1 and -2), from the audit log. */
export const memberRoleChangeSchema = z.object({
  at: z.string(),
  from: roleSchema.nullable(),
  to: roleSchema,
  by: z.string(),
});

export const memberStorySchema = z
  .object({
    user: adminUserSchema,
    suspendedReason: z.string().nullable(),
    /** Newest first; the member joined as the oldest entry's `from` (or their role, with no changes). */
    roleHistory: z.array(memberRoleChangeSchema),
    sessions: memberSessionPageSchema,
    posts: memberPostPageSchema,
    comments: memberCommentPageSchema,
    assessments: memberAssessmentPageSchema,
    'partner-requests': memberPartnerRequestPageSchema,
    notifications: receivedNotificationPageSchema,
  })
  .meta({ id: 'MemberStory' });
export type MemberStory = z.infer<typeof memberStorySchema>;

/** Each section's page schema, for its own paged endpoint and the client that reads it. */
export const memberStoryPageSchemas = {
  sessions: memberSessionPageSchema,
  posts: memberPostPageSchema,
  comments: memberCommentPageSchema,
  assessments: memberAssessmentPageSchema,
  'partner-requests': memberPartnerRequestPageSchema,
  notifications: receivedNotificationPageSchema,
} as const satisfies Record<MemberStorySection, z.ZodType>;
export type MemberStoryPage<S extends MemberStorySection> = z.infer<(typeof memberStoryPageSchemas)[S]>;
