import { z } from 'zod';
import { communityLimits } from './community-constants.ts';

/** A member's activity on their profile (issue 45.5): their posts and comments, newest first, paged. */
export const memberActivityQuerySchema = z.object({
  /** The `nextCursor` of the page before: microseconds since the epoch and an id. */
  cursor: z
    .string()
    .regex(
      /^\d{1,18}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      'That cursor is not valid.',
    )
    .optional(),
  limit: z.coerce.number().int().min(1).max(communityLimits.pageSizeMax).default(10),
});
export type MemberActivityQuery = z.input<typeof memberActivityQuerySchema>;

export const memberActivityItemSchema = z
  .object({
    kind: z.enum(['post', 'comment']),
    id: z.string(),
    /** The post itself, or the post the comment is on: the thread to open. */
    postId: z.string(),
    topicId: z.string(),
    /** The first words of the Markdown source, as plain text. */
    excerpt: z.string(),
    createdAt: z.string(),
    edited: z.boolean(),
    /** Hidden by moderation: listed only to its author and admins. */
    hidden: z.boolean(),
  })
  .meta({ id: 'MemberActivityItem' });
export type MemberActivityItem = z.infer<typeof memberActivityItemSchema>;

export const memberActivityPageSchema = z
  .object({ items: z.array(memberActivityItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'MemberActivityPage' });
export type MemberActivityPage = z.infer<typeof memberActivityPageSchema>;
