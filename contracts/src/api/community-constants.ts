/**
 * The community's fixed lists, limits and live event names. Without zod: a screen that only needs these
 * (the feed's reactions, its limits) then does not load zod and every schema beside them.
 */

export const communityReactionKinds = [
  { id: 'like', label: 'Like', emoji: '👍' },
  { id: 'celebrate', label: 'Celebrate', emoji: '🎉' },
  { id: 'insightful', label: 'Insightful', emoji: '💡' },
  { id: 'support', label: 'Support', emoji: '🤝' },
] as const;

export const communityReportReasons = [
  { id: 'spam', label: 'Spam or advertising' },
  { id: 'harassment', label: 'Harassment or hate' },
  { id: 'misinformation', label: 'Misleading information' },
  { id: 'off-topic', label: 'Off topic' },
  { id: 'other', label: 'Something else' },
] as const;

export const communityLimits = {
  postMax: 5_000,
  commentMax: 2_000,
  reportNoteMax: 500,
  pageSizeMax: 50,
  /** Posts one member may publish per hour; comments per minute. */
  postsPerHour: 10,
  commentsPerMinute: 10,
} as const;

/**
 * Flags that act before an admin does (decision 0099): a post flagged by `hideAtFlags` distinct members
 * with standing is hidden pending review. Standing: an account older than `standingDays` days that has
 * written a post or comment still shown, or completed a skills assessment.
 */
export const communityFlagRules = {
  hideAtFlags: 3,
  standingDays: 7,
} as const;

/** The live event types the community publishes through `/api/events` (payloads: ids and counts). */
export const communityEvents = {
  postCreated: 'community.post.created',
  postChanged: 'community.post.changed',
  postRemoved: 'community.post.removed',
  commentCreated: 'community.comment.created',
  commentChanged: 'community.comment.changed',
  reactionsChanged: 'community.reactions.changed',
  /** Private to the author: a moderator hid their post or comment. */
  contentHidden: 'community.content.hidden',
} as const;

/** Post images: the same checks as profile photos (bytes sniffed, pixel bomb refused, metadata dropped). */
export const communityImageLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 50_000_000,
  altMax: 200,
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
} as const;

/** The member directory's "Near me": members within this many km, nearest first. */
export const directoryNearKm = 100;
