import { and, desc, eq, or } from 'drizzle-orm';
import type { MessageMember } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { memberBlocks, users } from '../../db/schema.ts';

/** A database or an open transaction: a write's rules read through the transaction they belong to. */
export type Reader = Pick<Database, 'select'>;

/** Whether either member has blocked the other. */
export async function isBlockedBetween(db: Reader, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: memberBlocks.blockerId })
    .from(memberBlocks)
    .where(
      or(
        and(eq(memberBlocks.blockerId, a), eq(memberBlocks.blockedId, b)),
        and(eq(memberBlocks.blockerId, b), eq(memberBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether `blocker` has blocked `blocked` (one way round). */
export async function hasBlocked(db: Reader, blocker: string, blocked: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: memberBlocks.blockerId })
    .from(memberBlocks)
    .where(and(eq(memberBlocks.blockerId, blocker), eq(memberBlocks.blockedId, blocked)));
  return row !== undefined;
}

/**
 * Every member on the other side of a block with `member`, whichever of the two blocked: the ones whose
 * activity `member` must not see and who must not see or mention `member`.
 */
export async function blockedIdsFor(db: Reader, member: string): Promise<Set<string>> {
  const rows = await db
    .select({ blockerId: memberBlocks.blockerId, blockedId: memberBlocks.blockedId })
    .from(memberBlocks)
    .where(or(eq(memberBlocks.blockerId, member), eq(memberBlocks.blockedId, member)));
  return new Set(rows.map((row) => (row.blockerId === member ? row.blockedId : row.blockerId)));
}

/** The members `blocker` has blocked, most recent first. */
export async function blockedBy(db: Database, blocker: string): Promise<MessageMember[]> {
  return db
    .select({ id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, blocker))
    .orderBy(desc(memberBlocks.createdAt));
}

export async function memberExists(db: Reader, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

export async function insertBlock(db: Database, blocker: string, blocked: string): Promise<void> {
  await db.insert(memberBlocks).values({ blockerId: blocker, blockedId: blocked }).onConflictDoNothing();
}

export async function deleteBlock(db: Database, blocker: string, blocked: string): Promise<void> {
  await db
    .delete(memberBlocks)
    .where(and(eq(memberBlocks.blockerId, blocker), eq(memberBlocks.blockedId, blocked)));
}
