import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailVerifications, users } from '../../db/schema.ts';

export async function insertEmailVerification(
  db: Database,
  values: typeof emailVerifications.$inferInsert,
): Promise<void> {
  await db.insert(emailVerifications).values(values);
}

/** Whether an account other than `userId` already uses `email` (case-insensitively). */
export async function emailTakenByAnother(
  db: Pick<Database, 'select'>,
  email: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, sql`${users.id} <> ${userId}`))
    .limit(1);
  return row !== undefined;
}

export type ProvedAddress =
  { outcome: 'verified'; userId: string; email: string } | { outcome: 'invalid' } | { outcome: 'taken' };

/**
 * Spends a link and makes its address the account's verified email, in one transaction: the link is
 * marked used only if it is open and unexpired at `now` (two parallel uses cannot both pass), every other
 * open link of the member is voided, and an address another account took meanwhile is refused (the unique
 * index backs this: two changes racing for one address cannot both land).
 */
export async function proveAddress(db: Database, tokenHash: string, now: Date): Promise<ProvedAddress> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, tokenHash),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!link) return { outcome: 'invalid' } as const;
    // Already another account's: refused, and the link stays spent (the member asks again for another).
    if (await emailTakenByAnother(tx, link.email, link.userId)) return { outcome: 'taken' } as const;
    const updated = await tx
      .update(users)
      .set({ email: link.email, emailVerifiedAt: now })
      .where(eq(users.id, link.userId))
      .returning({ id: users.id });
    if (updated.length === 0) return { outcome: 'invalid' } as const;
    await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(and(eq(emailVerifications.userId, link.userId), isNull(emailVerifications.usedAt)));
    return { outcome: 'verified', userId: link.userId, email: link.email } as const;
  });
}
