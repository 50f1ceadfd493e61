import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notificationDeliveries, notifications } from '../../db/schema.ts';

/** What a member was sent, for the admin's view of them, newest first, whether shown in-app or not. */
export async function memberNotifications(
  db: Database,
  userId: string,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const deliveries = notificationDeliveries;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        title: notifications.title,
        kind: notifications.kind,
        receivedAt: deliveries.createdAt,
        inApp: deliveries.inApp,
        pushedAt: deliveries.pushedAt,
        readAt: deliveries.readAt,
      })
      .from(deliveries)
      .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
      .where(eq(deliveries.userId, userId))
      .orderBy(desc(deliveries.createdAt), desc(deliveries.notificationId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(deliveries).where(eq(deliveries.userId, userId)),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map((row) => ({
      ...row,
      receivedAt: row.receivedAt.toISOString(),
      pushedAt: row.pushedAt?.toISOString() ?? null,
      readAt: row.readAt?.toISOString() ?? null,
    })),
  };
}
