import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  AdminNotification,
  MemberNotification,
  NotificationAudience,
  NotificationKind,
  Recipient,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { notificationDeliveries as deliveries, notifications, users } from '../../db/schema.ts';

/** A database or an open transaction. */
export type Executor = Pick<Database, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Whether a member wants `kind` on `channel`: their stored preference, else contracts' default (which
 * the caller passes, so the SQL and profiles' `preferencesOf` agree on a setting never changed).
 */
function preferenceSql(kind: NotificationKind, channel: 'inApp' | 'push', fallback: boolean): SQL {
  return sql`coalesce((select (p.preferences -> 'notifications' -> ${kind} ->> ${channel})::boolean
    from member_preferences p where p.user_id = u.id), ${fallback})`;
}

/** The users an audience means, as a SQL condition on `users u`. */
export function audienceWhere(audience: NotificationAudience): SQL {
  switch (audience.type) {
    case 'everyone':
      return sql`true`;
    case 'role':
      return sql`u.role = ${audience.role}`;
    case 'members':
      return sql`u.id = any(${sql.param(audience.userIds)}::uuid[])`;
  }
}

export async function countAudience(db: Executor, audience: NotificationAudience): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from users u where ${audienceWhere(audience)}`,
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * Writes one delivery row per member of the audience in one statement (10,000 members are one insert),
 * with the in-app flag from each member's preferences. Returns how many rows were written.
 */
export async function insertDeliveries(
  db: Executor,
  notification: Pick<NotificationRow, 'id' | 'kind' | 'audience'>,
  inAppDefault: boolean,
): Promise<number> {
  const result = await db.execute(sql`
    insert into notification_deliveries (notification_id, user_id, in_app)
    select ${notification.id}::uuid, u.id, ${preferenceSql(notification.kind, 'inApp', inAppDefault)}
    from users u where ${audienceWhere(notification.audience)}
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

export interface PushTarget {
  userId: string;
  subscriptionId: string;
  type: 'web' | 'fcm' | 'apns';
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
}

/** Every device of every recipient of `notificationId` who allows push for its kind. */
export async function pushTargets(
  db: Executor,
  notificationId: string,
  kind: NotificationKind,
  pushDefault: boolean,
): Promise<PushTarget[]> {
  const result = await db.execute<{
    user_id: string;
    id: string;
    type: PushTarget['type'];
    endpoint: string;
    p256dh: string | null;
    auth: string | null;
  }>(sql`
    select s.user_id, s.id, s.type, s.endpoint, s.p256dh, s.auth
    from notification_deliveries d
    join users u on u.id = d.user_id
    join push_subscriptions s on s.user_id = d.user_id
    where d.notification_id = ${notificationId} and ${preferenceSql(kind, 'push', pushDefault)}`);
  return result.rows.map((row) => ({
    userId: row.user_id,
    subscriptionId: row.id,
    type: row.type,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
  }));
}

export async function markPushed(db: Executor, notificationId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(deliveries)
    .set({ pushedAt: sql`now()` })
    .where(
      and(
        eq(deliveries.notificationId, notificationId),
        sql`${deliveries.userId} = any(${sql.param(userIds)}::uuid[])`,
        isNull(deliveries.pushedAt),
      ),
    );
}

/* The member's centre. */

const memberColumns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  createdAt: deliveries.createdAt,
  readAt: deliveries.readAt,
};

export async function listInbox(
  db: Executor,
  userId: string,
  limit: number,
  before: { createdAt: Date; id: string } | null,
): Promise<MemberNotification[]> {
  const rows = await db
    .select(memberColumns)
    .from(deliveries)
    .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
    .where(
      and(
        eq(deliveries.userId, userId),
        eq(deliveries.inApp, true),
        before
          ? sql`(${deliveries.createdAt}, ${deliveries.notificationId}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(deliveries.createdAt), desc(deliveries.notificationId))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }));
}

export async function unreadCount(db: Pick<Database, 'execute'>, userId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from notification_deliveries
    where user_id = ${userId} and in_app and read_at is null`);
  return result.rows[0]?.n ?? 0;
}

/** Marks read; true when the member has this notification at all (read before or now). */
export async function markRead(db: Executor, userId: string, notificationId: string): Promise<boolean> {
  const result = await db.execute(sql`
    update notification_deliveries set read_at = coalesce(read_at, now())
    where user_id = ${userId} and notification_id = ${notificationId}`);
  return (result.rowCount ?? 0) > 0;
}

/** Marks read the member's unread notifications that link to `link`; how many there were. */
export async function markReadByLink(db: Executor, userId: string, link: string): Promise<number> {
  const result = await db.execute(sql`
    update notification_deliveries d set read_at = now()
    from notifications n
    where n.id = d.notification_id and d.user_id = ${userId} and d.read_at is null and n.link = ${link}`);
  return result.rowCount ?? 0;
}

export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const result = await db.execute(sql`
    update notification_deliveries set read_at = now()
    where user_id = ${userId} and in_app and read_at is null`);
  return result.rowCount ?? 0;
}

/* The admin history. */

export async function listSends(
  db: Executor,
  page: number,
  pageSize: number,
  onlyId?: string,
): Promise<{ items: AdminNotification[]; total: number }> {
  // Admin sends are announcements; event notifications to one member are not part of the history.
  const where = onlyId ? sql`n.id = ${onlyId}` : sql`n.kind = 'announcements'`;
  const totalResult = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from notifications n where ${where}`,
  );
  const result = await db.execute<{
    id: string;
    kind: NotificationKind;
    title: string;
    body: string;
    link: string | null;
    audience: NotificationAudience;
    status: AdminNotification['status'];
    scheduled_for: Date | null;
    sent_at: Date | null;
    created_at: Date;
    created_by_name: string | null;
    targeted: number;
    in_app: number;
    pushed: number;
    read: number;
  }>(sql`
    select n.id, n.kind, n.title, n.body, n.link, n.audience, n.status, n.scheduled_for, n.sent_at,
      n.created_at, a.display_name as created_by_name, n.targeted_count as targeted,
      coalesce(c.in_app, 0)::int as in_app, coalesce(c.pushed, 0)::int as pushed,
      coalesce(c.read, 0)::int as read
    from notifications n
    left join users a on a.id = n.created_by
    left join lateral (
      select count(*) filter (where d.in_app) as in_app,
        count(*) filter (where d.pushed_at is not null) as pushed,
        count(*) filter (where d.read_at is not null) as read
      from notification_deliveries d where d.notification_id = n.id
    ) c on true
    where ${where}
    order by n.created_at desc, n.id desc
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    total: totalResult.rows[0]?.n ?? 0,
    items: result.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      audience: row.audience,
      status: row.status,
      scheduledFor: iso(row.scheduled_for),
      sentAt: iso(row.sent_at),
      createdAt: new Date(row.created_at).toISOString(),
      createdBy: row.created_by_name,
      counts: {
        targeted: row.targeted,
        deliveredInApp: row.in_app,
        deliveredPush: row.pushed,
        read: row.read,
      },
    })),
  };
}

/** Scheduled sends an admin composed that have not gone out yet (only those hold a queue job). */
export async function scheduledCount(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.status, 'scheduled'), sql`${notifications.jobId} is not null`));
  return row?.count ?? 0;
}

export async function findNotification(db: Executor, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

export async function searchRecipients(db: Executor, query: string): Promise<Recipient[]> {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: users.id, displayName: users.displayName, email: users.email, role: users.role })
    .from(users)
    .where(sql`${users.displayName} ilike ${pattern} or ${users.email} ilike ${pattern}`)
    .orderBy(users.displayName)
    .limit(10);
}

/** Whether the member has an unread notification in the centre that links to `link`. */
export async function hasUnreadWithLink(db: Database, userId: string, link: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deliveries.notificationId })
    .from(deliveries)
    .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
    .where(
      and(
        eq(deliveries.userId, userId),
        eq(deliveries.inApp, true),
        isNull(deliveries.readAt),
        eq(notifications.link, link),
      ),
    )
    .limit(1);
  return row !== undefined;
}
