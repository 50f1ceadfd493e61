import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  AdminPartnerRequest,
  AdminPartnerRequestListQuery,
  PartnerConnectBody,
  PartnerConnectionRequest,
  PartnerRequestAnswerBody,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { partnerConnectionRequests as requests, partners, users } from '../../db/schema.ts';
import { recordAudit, type Actor } from '../audit/index.ts';

const columns = {
  id: requests.id,
  partnerId: requests.partnerId,
  partnerName: partners.name,
  partnerLogoSvg: partners.logoSvg,
  message: requests.message,
  preferredContact: requests.preferredContact,
  status: requests.status,
  createdAt: requests.createdAt,
  answeredAt: requests.answeredAt,
  answerMessage: requests.answerMessage,
};

function toRequest<T extends { createdAt: Date; answeredAt: Date | null }>(row: T) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  };
}

/** Requests with the member who sent each, as admins see them: the list and an answer's reply. */
function selectAdminRequests(db: Pick<Database, 'select'>) {
  return db
    .select({ ...columns, member: { id: users.id, displayName: users.displayName, email: users.email } })
    .from(requests)
    .innerJoin(partners, eq(partners.id, requests.partnerId))
    .innerJoin(users, eq(users.id, requests.userId));
}

async function selectRequests(db: Database, where: SQL | undefined): Promise<PartnerConnectionRequest[]> {
  const rows = await db
    .select(columns)
    .from(requests)
    .innerJoin(partners, eq(partners.id, requests.partnerId))
    .where(where)
    .orderBy(desc(requests.createdAt));
  return rows.map(toRequest);
}

/**
 * Inserts a pending request unless the member already has one open with this partner (a partial unique
 * index keeps that true under concurrent sends). Returns which happened, with the request either way.
 */
export async function createConnectionRequest(
  db: Database,
  userId: string,
  partnerId: string,
  body: PartnerConnectBody,
  attempt = 1,
): Promise<{ created: boolean; request: PartnerConnectionRequest }> {
  const [inserted] = await db
    .insert(requests)
    .values({ userId, partnerId, ...body })
    .onConflictDoNothing()
    .returning({ id: requests.id });
  if (inserted) {
    const [request] = await selectRequests(db, eq(requests.id, inserted.id));
    if (!request) throw new Error('inserted connection request not found');
    return { created: true, request };
  }
  const [open] = await selectRequests(
    db,
    and(eq(requests.userId, userId), eq(requests.partnerId, partnerId), eq(requests.status, 'pending')),
  );
  // Nothing inserted and nothing open: the open one was answered in between, so the member may send again.
  if (!open && attempt < 3) return createConnectionRequest(db, userId, partnerId, body, attempt + 1);
  if (!open) throw new Error('connection request neither inserted nor found open');
  return { created: false, request: open };
}

export function listMemberRequests(db: Database, userId: string): Promise<PartnerConnectionRequest[]> {
  return selectRequests(db, eq(requests.userId, userId));
}

export async function listAdminRequests(
  db: Database,
  query: AdminPartnerRequestListQuery,
): Promise<{ items: AdminPartnerRequest[]; total: number }> {
  const where = query.status ? eq(requests.status, query.status) : undefined;
  const rows = await selectAdminRequests(db)
    .where(where)
    // Oldest pending first is the queue an admin works; answered ones follow, latest first.
    .orderBy(
      sql`${requests.status} = 'pending' desc`,
      sql`case when ${requests.status} = 'pending' then ${requests.createdAt} end asc`,
      desc(requests.createdAt),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [counted] = await db.select({ total: count() }).from(requests).where(where);
  return { items: rows.map(toRequest), total: counted?.total ?? 0 };
}

/**
 * Answers a pending request, with the admin's message if they wrote one, and records it in the audit log
 * in the same transaction. Undefined when there is no such request, 'answered' when it is not pending.
 */
export async function answerRequest(
  db: Database,
  id: string,
  admin: Actor,
  answer: PartnerRequestAnswerBody,
): Promise<AdminPartnerRequest | 'answered' | undefined> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(requests)
      .set({
        status: answer.status,
        answerMessage: answer.message || null,
        answeredAt: now,
        answeredBy: admin.id,
        updatedAt: now,
      })
      .where(and(eq(requests.id, id), eq(requests.status, 'pending')))
      .returning({ id: requests.id });
    const [row] = await selectAdminRequests(tx).where(eq(requests.id, id));
    if (!row) return undefined;
    if (!updated) return 'answered';
    await recordAudit(tx, {
      actor: admin,
      action: answer.status === 'accepted' ? 'partner_request.accept' : 'partner_request.decline',
      subjectType: 'partner_request',
      subjectId: row.id,
      subjectLabel: `${row.member.email} → ${row.partnerName}`,
      before: { status: 'pending' },
      after: { status: row.status, answerMessage: row.answerMessage },
    });
    return toRequest(row);
  });
}
