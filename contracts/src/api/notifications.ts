import { z } from 'zod';
import { roleSchema } from '../roles.ts';
import { safeText } from '../text.ts';
import type { NotificationKind } from './preferences.ts';

export const notificationKindSchema = z.enum([
  'community',
  'partners',
  'skills',
  'announcements',
] as const satisfies readonly NotificationKind[]);

export const notificationLimits = {
  titleMax: 80,
  bodyMax: 500,
  linkMax: 300,
  chosenMembersMax: 500,
  /** The furthest ahead a send may be scheduled. */
  scheduleMaxDays: 365,
  pageSize: 20,
} as const;

/**
 * A place inside the app: a path starting with one slash (never `//host`, which a browser reads as
 * another site), so a notification can never send a member off Uplift.
 */
export const inAppLinkSchema = safeText()
  .trim()
  .max(notificationLimits.linkMax)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path inside the app, such as /partners');

/** Who an admin's notification goes to. "A role or tier": the three roles are the tiers. */
export const notificationAudienceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('everyone') }),
  z.object({ type: z.literal('role'), role: roleSchema }),
  z.object({
    type: z.literal('members'),
    userIds: z.array(z.uuid()).min(1).max(notificationLimits.chosenMembersMax),
  }),
]);
export type NotificationAudience = z.infer<typeof notificationAudienceSchema>;

export const composeNotificationBodySchema = z
  .object({
    title: safeText().trim().min(1).max(notificationLimits.titleMax),
    body: safeText().trim().min(1).max(notificationLimits.bodyMax),
    link: inAppLinkSchema.nullable().default(null),
    audience: notificationAudienceSchema,
    /** Absent or null: send now. Otherwise a future moment, at most a year ahead. */
    scheduledFor: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .meta({ id: 'ComposeNotification' });
export type ComposeNotificationBody = z.input<typeof composeNotificationBodySchema>;

export const notificationStatuses = ['scheduled', 'sending', 'sent', 'cancelled'] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

/** One send as the admin history shows it, with counts from the delivery rows. */
export const adminNotificationSchema = z
  .object({
    id: z.string(),
    kind: notificationKindSchema,
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    audience: notificationAudienceSchema,
    status: z.enum(notificationStatuses),
    scheduledFor: z.string().nullable(),
    sentAt: z.string().nullable(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    counts: z.object({
      targeted: z.number().int(),
      /** Shown in the member's notification centre (in-app allowed by their preferences). */
      deliveredInApp: z.number().int(),
      /** Accepted by a push service for at least one of the member's devices. */
      deliveredPush: z.number().int(),
      read: z.number().int(),
    }),
  })
  .meta({ id: 'AdminNotification' });
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

export const adminNotificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(notificationLimits.pageSize),
});
export const adminNotificationListSchema = z
  .object({
    items: z.array(adminNotificationSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'AdminNotificationList' });

export const audienceSizeSchema = z.object({ targeted: z.number().int() }).meta({ id: 'AudienceSize' });

export const recipientSearchQuerySchema = z.object({ q: safeText().trim().min(1).max(100) });
export const recipientSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: roleSchema,
});
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientListSchema = z
  .object({ items: z.array(recipientSchema) })
  .meta({ id: 'RecipientList' });

/* The member's notification centre. */

export const memberNotificationSchema = z
  .object({
    id: z.string(),
    kind: notificationKindSchema,
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'MemberNotification' });
export type MemberNotification = z.infer<typeof memberNotificationSchema>;

export const memberNotificationListQuerySchema = z.object({
  /** The `createdAt|id` of the last item seen: the next page starts after it. */
  before: z
    .string()
    .regex(/^[0-9T:.\-+Z]+\|[0-9a-f-]{36}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(notificationLimits.pageSize),
});
export const memberNotificationListSchema = z
  .object({
    items: z.array(memberNotificationSchema),
    unreadCount: z.number().int(),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'MemberNotificationList' });
export type MemberNotificationList = z.infer<typeof memberNotificationListSchema>;

/** SPEC §3 `badgeCount` of the notification entry: non-negative, shown above 0. */
export const unreadCountSchema = z
  .object({ unreadCount: z.number().int().min(0) })
  .meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/* Push: web push subscriptions (VAPID) and native device tokens. */

export const vapidPublicKeySchema = z.object({ publicKey: z.string() }).meta({ id: 'VapidPublicKey' });

const base64Url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+=*$/)
  .max(200);
export const pushSubscribeBodySchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('web'),
      endpoint: z.url({ protocol: /^https$/ }).max(1000),
      keys: z.object({ p256dh: base64Url, auth: base64Url }),
    }),
    z.object({
      type: z.enum(['fcm', 'apns']),
      token: z
        .string()
        .regex(/^[A-Za-z0-9:_-]+$/)
        .min(8)
        .max(400),
    }),
  ])
  .meta({ id: 'PushSubscribe' });
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

export const pushUnsubscribeBodySchema = z
  .object({ endpoint: z.string().min(1).max(1000) })
  .meta({ id: 'PushUnsubscribe' });

/** What the push message carries: the service worker shows it and opens `link` when tapped. */
export const pushPayloadSchema = z.object({
  notificationId: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export { notificationsChangedEvent } from './live-event-types.ts';
