import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { skillResults, skillShares } from '../../db/schema.ts';
import type { Queryable } from './skills.repo.ts';

export type ShareRow = typeof skillShares.$inferSelect;

/** The member's shares with the completion time of each shared result. */
export async function sharesOfUser(db: Queryable, userId: string) {
  return db
    .select({ share: skillShares, completedAt: skillResults.completedAt })
    .from(skillShares)
    .innerJoin(
      skillResults,
      and(eq(skillResults.attemptId, skillShares.attemptId), eq(skillResults.skill, skillShares.skill)),
    )
    .where(eq(skillShares.userId, userId))
    .orderBy(asc(skillShares.skill));
}

/** The member's latest result in a skill, the one a new share publishes. */
export async function latestResult(db: Queryable, userId: string, skill: string) {
  const [row] = await db
    .select({ attemptId: skillResults.attemptId, completedAt: skillResults.completedAt })
    .from(skillResults)
    .where(and(eq(skillResults.userId, userId), eq(skillResults.skill, skill)))
    .orderBy(desc(skillResults.completedAt))
    .limit(1);
  return row;
}

/**
 * Publishes the result: a new share with `id`, or the member's share of this skill moved to the result
 * (its id, and so its link, kept). Returns the share as stored.
 */
export async function upsertShare(
  db: Queryable,
  share: { id: string; userId: string; skill: string; attemptId: string },
): Promise<ShareRow> {
  const [row] = await db
    .insert(skillShares)
    .values(share)
    .onConflictDoUpdate({
      target: [skillShares.userId, skillShares.skill],
      set: { attemptId: share.attemptId },
    })
    .returning();
  if (!row) throw new Error('the share was not stored');
  return row;
}

/** Deletes the member's own share; false when they have none with that id. */
export async function deleteOwnShare(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(skillShares)
    .where(and(eq(skillShares.id, id), eq(skillShares.userId, userId)))
    .returning({ id: skillShares.id });
  return rows.length > 0;
}

/** What a shared result's page shows: only the result's own numbers, never the member. */
export async function sharedResult(db: Database, id: string) {
  const [row] = await db
    .select({
      skill: skillResults.skill,
      theta: skillResults.theta,
      standardError: skillResults.standardError,
      score: skillResults.score,
      completedAt: skillResults.completedAt,
    })
    .from(skillShares)
    .innerJoin(
      skillResults,
      and(eq(skillResults.attemptId, skillShares.attemptId), eq(skillResults.skill, skillShares.skill)),
    )
    .where(eq(skillShares.id, id));
  return row;
}
