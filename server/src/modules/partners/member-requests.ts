import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { partnerConnectionRequests, partners } from '../../db/schema.ts';

/** A member's requests to partners for the admin's view of them, newest first, answered ones included. */
export async function memberPartnerRequests(
  db: Database,
  userId: string,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const requests = partnerConnectionRequests;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: requests.id,
        partnerId: requests.partnerId,
        partnerName: partners.name,
        status: requests.status,
        createdAt: requests.createdAt,
        answeredAt: requests.answeredAt,
      })
      .from(requests)
      .innerJoin(partners, eq(partners.id, requests.partnerId))
      .where(eq(requests.userId, userId))
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(requests).where(eq(requests.userId, userId)),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      answeredAt: row.answeredAt?.toISOString() ?? null,
    })),
  };
}
