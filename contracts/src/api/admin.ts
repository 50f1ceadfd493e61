import { z } from 'zod';
import { roleSchema } from '../roles.ts';
import { safeText } from '../text.ts';
import { economicImpactSchema } from './metrics.ts';

/** The admin area's pages, in the order every admin page offers them (no admin page is a dead end). */
export const adminAreas = [
  { id: 'portal', path: '/admin', label: 'Portal' },
  { id: 'dashboard', path: '/admin/dashboard', label: 'Dashboard' },
  { id: 'users', path: '/admin/users', label: 'Users' },
  { id: 'moderation', path: '/admin/moderation', label: 'Moderation' },
  { id: 'audit', path: '/admin/audit', label: 'Audit log' },
  { id: 'notifications', path: '/admin/notifications', label: 'Notifications' },
  { id: 'videos', path: '/admin/videos', label: 'Videos' },
  { id: 'partners', path: '/admin/partners', label: 'Partners' },
] as const;

const isoDay = z.iso.date({ message: 'Use a date like 2026-01-31' });

// ---- Users -------------------------------------------------------------------------------------------

export const userStatuses = ['active', 'suspended'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** Whether the member has followed their email's verification link (decision 0109). */
export const emailVerifications = ['verified', 'unverified'] as const;
export const emailVerificationSchema = z.enum(emailVerifications);
export type EmailVerification = z.infer<typeof emailVerificationSchema>;

/** What narrows the member list; the same filter drives the page, the CSV export and "all that match". */
export const adminUserFilterSchema = z.object({
  /** Part of the email or display name, case-insensitive. */
  q: safeText().trim().max(200).optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  /** Only members whose email is (or is not yet) verified; absent: everyone. */
  verified: emailVerificationSchema.optional(),
  /** Joined on or after this day (UTC). */
  joinedFrom: isoDay.optional(),
  /** Joined on or before this day (UTC). */
  joinedTo: isoDay.optional(),
});
export type AdminUserFilter = z.infer<typeof adminUserFilterSchema>;

export const adminUserSortKeys = ['joined', 'email', 'name', 'role', 'lastActive'] as const;
export const adminUserSortSchema = z.enum(adminUserSortKeys);
export type AdminUserSort = z.infer<typeof adminUserSortSchema>;
export const adminUserPageSizes = [10, 25, 50, 100] as const;

export const adminUserListQuerySchema = adminUserFilterSchema.extend({
  sort: adminUserSortSchema.default('joined'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (adminUserPageSizes as readonly number[]).includes(size), 'Use 10, 25, 50 or 100')
    .default(25),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

export const adminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    role: roleSchema,
    status: userStatusSchema,
    suspendedAt: z.string().nullable(),
    /** When the member followed their address's verification link; null while it is unverified. */
    emailVerifiedAt: z.string().nullable(),
    joinedAt: z.string(),
    /** Last use of any of the member's sessions; null when never signed in. */
    lastActiveAt: z.string().nullable(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z
  .object({
    items: z.array(adminUserSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'AdminUserList' });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const suspensionLimits = { reasonMaxLength: 500 } as const;

/** The admin's words on why a member is suspended: shown to the member when they are signed out. */
export const suspensionReasonSchema = safeText().trim().max(suspensionLimits.reasonMaxLength);

/** One change to one member: a new role, or suspension (true) and reinstatement (false). */
export const adminUserUpdateSchema = z
  .object({
    role: roleSchema.optional(),
    suspended: z.boolean().optional(),
    /** With `suspended: true`: why, told to the member (issue 43). Ignored for every other change. */
    suspendReason: suspensionReasonSchema.optional(),
    /**
     * Granting Admin: the member's email, typed by the admin to confirm (issue 43). Refused without it, or
     * when it names anyone else; ignored for every other change.
     */
    confirmEmail: z.string().max(320).optional(),
  })
  .refine((body) => body.role !== undefined || body.suspended !== undefined, 'Send a role or suspended');
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const adminBulkActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('role'), role: roleSchema }),
  z.object({ type: z.literal('suspend'), reason: suspensionReasonSchema.optional() }),
  z.object({ type: z.literal('reinstate') }),
]);
export type AdminBulkAction = z.infer<typeof adminBulkActionSchema>;

export const adminBulkLimits = { maxIds: 500 } as const;

export const adminBulkRequestSchema = z.object({
  /** Chosen rows, or every member matching a filter (however many pages that spans). */
  target: z.union([
    z.object({ ids: z.array(z.uuid()).min(1).max(adminBulkLimits.maxIds) }),
    z.object({
      filter: adminUserFilterSchema,
      /**
       * How many members the admin was told match, as their confirmation said ("all 37 that match"): when
       * the filter matches another number by the time it runs, nothing changes and the answer is 409.
       */
      expectedCount: z.number().int().min(0),
    }),
  ]),
  action: adminBulkActionSchema,
});
export type AdminBulkRequest = z.infer<typeof adminBulkRequestSchema>;

export const adminBulkResultSchema = z
  .object({
    /** Members whose role or status changed. */
    changed: z.number().int(),
    /** Members already in the requested state. */
    unchanged: z.number().int(),
    /** Members left as they were, with the reason (the acting admin themself, the last admin). */
    skipped: z.array(z.object({ id: z.string(), email: z.string(), reason: z.string() })),
  })
  .meta({ id: 'AdminBulkResult' });
export type AdminBulkResult = z.infer<typeof adminBulkResultSchema>;

/** Columns of the CSV export, in order. */
export const adminUserCsvColumns = [
  'id',
  'email',
  'display_name',
  'role',
  'status',
  'joined_at',
  'last_active_at',
  'suspended_at',
  'email_verified_at',
] as const;

// ---- Audit log ---------------------------------------------------------------------------------------

export const auditLogFilterSchema = z.object({
  /** A whole verb (`user.role`) or every verb of a subject type (`user`). */
  action: safeText().trim().max(64).optional(),
  subjectType: safeText().trim().max(64).optional(),
  subjectId: safeText().trim().max(128).optional(),
  actorId: z.uuid().optional(),
  /** Text in the target's label (an email, a title, a post's first words) or its whole id. */
  target: safeText().trim().max(200).optional(),
  /** The period: whole days in UTC, both ends included. */
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

export const auditLogQuerySchema = auditLogFilterSchema.extend({
  /** The `nextCursor` of the previous page. */
  cursor: safeText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

/** Admins who have acted, for the log's actor filter: each by the name of their latest entry. */
export const auditActorsSchema = z
  .object({ items: z.array(z.object({ id: z.string(), name: z.string() })) })
  .meta({ id: 'AuditActors' });
export type AuditActors = z.infer<typeof auditActorsSchema>;

/** What each recorded verb did, in words: the log, its CSV and every list of entries say these. */
export const auditActionLabels: Record<string, string> = {
  'user.role': 'Changed the role of',
  'user.suspend': 'Suspended',
  'user.reinstate': 'Reinstated',
  'user.delete': 'Deleted the member',
  'user.password_reset': 'Sent a password-reset link to',
  'post.delete': 'Deleted the post',
  'post.hide': 'Hid the post',
  'post.restore': 'Restored the post',
  'post.dismiss': 'Dismissed reports on the post',
  'post.pin': 'Pinned the post',
  'post.unpin': 'Unpinned the post',
  'comment.delete': 'Deleted the comment',
  'comment.hide': 'Hid the comment',
  'comment.restore': 'Restored the comment',
  'comment.dismiss': 'Dismissed reports on the comment',
  'video.create': 'Added the video',
  'video.update': 'Edited the video',
  'video.publish': 'Published the video',
  'video.unpublish': 'Unpublished the video',
  'video.delete': 'Deleted the video',
  'partner.create': 'Added the partner',
  'partner.update': 'Edited the partner',
  'partner.publish': 'Published the partner',
  'partner.unpublish': 'Unpublished the partner',
  'partner.logo': 'Changed the logo of',
  'partner.delete': 'Deleted the partner',
  'partner_request.accept': 'Accepted the partner request',
  'partner_request.decline': 'Declined the partner request',
  'notification.send': 'Sent the notification',
  'notification.schedule': 'Scheduled the notification',
  'notification.cancel': 'Cancelled the notification',
  'conversation.open': 'Read the reported conversation between',
  'conversation.close_report': 'Closed the reports on the conversation between',
  'mail.retry': 'Queued again the undelivered email',
};

/** A verb in words; one this list does not know yet reads as its parts ("video.retag": "Retag video"). */
export function auditActionLabel(action: string): string {
  const known = auditActionLabels[action];
  if (known) return known;
  const [subject = '', verb = ''] = action.split('.');
  const words = `${verb} ${subject}`.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The kinds of target an entry can have, in words, for the log's target filter. */
export const auditSubjectTypes = [
  { id: 'user', label: 'Members' },
  { id: 'post', label: 'Posts' },
  { id: 'comment', label: 'Comments' },
  { id: 'video', label: 'Videos' },
  { id: 'partner', label: 'Partners' },
  { id: 'partner_request', label: 'Partner requests' },
  { id: 'notification', label: 'Notifications' },
  { id: 'conversation', label: 'Reported conversations' },
  { id: 'mail', label: 'Undelivered email' },
] as const;

/** Columns of the audit log's CSV export, in order. */
export const auditCsvColumns = [
  'at',
  'actor_id',
  'actor_name',
  'action',
  'action_in_words',
  'target_type',
  'target_id',
  'target_label',
  'before',
  'after',
] as const;

export const auditEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    actorId: z.string().nullable(),
    actorName: z.string(),
    action: z.string(),
    subjectType: z.string(),
    subjectId: z.string(),
    subjectLabel: z.string().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z
  .object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AuditLogPage' });
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

// ---- Portal ------------------------------------------------------------------------------------------

export const adminOverviewSchema = z
  .object({
    /** Work waiting for an admin; an area whose feature is not installed is absent. */
    attention: z.array(
      z.object({ id: z.string(), label: z.string(), count: z.number().int(), path: z.string() }),
    ),
    members: z.number().int(),
    suspended: z.number().int(),
    latestAudit: z.array(auditEntrySchema),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

// ---- Dashboard ---------------------------------------------------------------------------------------

export const dashboardPeriods = [7, 30, 90] as const;
export const dashboardStatsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (dashboardPeriods as readonly number[]).includes(days), 'Use 7, 30 or 90 days')
    .default(30),
});

export const dashboardStatsSchema = z
  .object({
    days: z.number().int(),
    /** First and last UTC day of the period, inclusive. */
    from: z.string(),
    to: z.string(),
    membersByRole: z.array(z.object({ role: roleSchema, count: z.number().int() })),
    newMembers: z.number().int(),
    /** One point per UTC day of the period, oldest first. */
    activity: z.array(
      z.object({ day: z.string(), activeMembers: z.number().int(), valeQuestions: z.number().int() }),
    ),
    assessments: z.object({
      members: z.number().int(),
      /** Members with at least one completed assessment, ever. */
      membersAssessed: z.number().int(),
      completedInPeriod: z.number().int(),
    }),
    /** One point per UTC day of the period, oldest first, from the recorded auth events. */
    security: z.array(
      z.object({
        day: z.string(),
        signIns: z.number().int(),
        failures: z.number().int(),
        lockouts: z.number().int(),
        tokenReuse: z.number().int(),
      }),
    ),
    impact: economicImpactSchema,
    generatedAt: z.string(),
  })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
