import { and, desc, eq, or, sql } from 'drizzle-orm';
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

/**
 * Of these pairs of members, the ones with a block between them either way round, as `a:b` in the order
 * given: one read for a whole page of mentions.
 */
export async function blockedPairs(
  db: Pick<Database, 'execute'>,
  pairs: ReadonlyArray<readonly [string, string]>,
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const members = sql.param([...new Set(pairs.flat())]);
  const { rows } = await db.execute<{ blocker_id: string; blocked_id: string }>(sql`
    select blocker_id, blocked_id from member_blocks
    where blocker_id = any(${members}::uuid[]) and blocked_id = any(${members}::uuid[])`);
  const blocked = new Set(rows.map((row) => `${row.blocker_id}:${row.blocked_id}`));
  return new Set(
    pairs
      .filter(([a, b]) => blocked.has(`${a}:${b}`) || blocked.has(`${b}:${a}`))
      .map(([a, b]) => `${a}:${b}`),
  );
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
