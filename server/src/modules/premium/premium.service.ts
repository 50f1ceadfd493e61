import { eq } from 'drizzle-orm';
import { roleRank, type PremiumRequest, type User } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { premiumRequests } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';

/** What the admins are told (the notifications module, handed in by app.ts). */
export interface PremiumNotices {
  premiumRequested(member: { id: string; displayName: string; email: string }): Promise<void>;
}

const shape = (row: { requestedAt: Date }): PremiumRequest => ({
  requestedAt: row.requestedAt.toISOString(),
});

export async function openRequestOf(db: Database, userId: string): Promise<PremiumRequest | null> {
  const [row] = await db.select().from(premiumRequests).where(eq(premiumRequests.userId, userId));
  return row ? shape(row) : null;
}

/**
 * Records the member's request and tells the admins, once: a member who already asked, or who already has
 * premium (or more), is answered 409 and nobody is told again.
 */
export async function requestPremium(db: Database, notices: PremiumNotices, member: User) {
  if (roleRank(member.role) >= roleRank('member-tier-2'))
    throw new HttpError(409, 'Your membership already includes premium.');
  const [row] = await db
    .insert(premiumRequests)
    .values({ userId: member.id })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new HttpError(409, 'You have already asked for premium: the admins have your request.');
  await notices.premiumRequested(member);
  return shape(row);
}
