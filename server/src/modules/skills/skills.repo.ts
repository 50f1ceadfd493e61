import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { skillAttempts, skillItems, skillResponses, skillResults } from '../../db/schema.ts';

/** A database handle or an open transaction: the service runs several of these in one transaction. */
export type Queryable = Pick<
  Database,
  'select' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute'
>;

export type AttemptRow = typeof skillAttempts.$inferSelect;
export type ItemRow = typeof skillItems.$inferSelect;
export type ResponseRow = typeof skillResponses.$inferSelect;
export type ResultRow = typeof skillResults.$inferSelect;

/** The member's attempt, locked until the transaction ends so that answers apply one after another. */
export async function lockOwnAttempt(tx: Queryable, userId: string, attemptId: string) {
  const [row] = await tx
    .select()
    .from(skillAttempts)
    .where(and(eq(skillAttempts.id, attemptId), eq(skillAttempts.userId, userId)))
    .for('update');
  return row;
}

export async function findOwnAttempt(db: Queryable, userId: string, attemptId: string) {
  const [row] = await db
    .select()
    .from(skillAttempts)
    .where(and(eq(skillAttempts.id, attemptId), eq(skillAttempts.userId, userId)));
  return row;
}

export async function findActiveAttemptId(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: skillAttempts.id })
    .from(skillAttempts)
    .where(and(eq(skillAttempts.userId, userId), eq(skillAttempts.status, 'in-progress')));
  return row?.id ?? null;
}

/** Inserts an attempt, or returns undefined when the member already has one in progress. */
export async function insertAttempt(db: Queryable, userId: string, skills: string[]) {
  const [row] = await db.insert(skillAttempts).values({ userId, skills }).onConflictDoNothing().returning();
  return row;
}

export async function activeItemsOf(db: Queryable, skills: string[]): Promise<ItemRow[]> {
  return db
    .select()
    .from(skillItems)
    .where(and(inArray(skillItems.skill, skills), eq(skillItems.active, true)));
}

export async function itemsByIds(db: Queryable, ids: string[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(skillItems).where(inArray(skillItems.id, ids));
}

export async function responsesOf(db: Queryable, attemptId: string): Promise<ResponseRow[]> {
  return db
    .select()
    .from(skillResponses)
    .where(eq(skillResponses.attemptId, attemptId))
    .orderBy(asc(skillResponses.sequence));
}

export async function insertServed(
  db: Queryable,
  served: { attemptId: string; itemId: string; skill: string; sequence: number },
) {
  await db.insert(skillResponses).values(served);
}

/**
 * Records an answer and returns the time credited for it: the time since the question was served (the
 * database's clock for both ends), at most `capMs`, and at most what the device measured when it sent
 * a time (an answer queued offline arrives late, but was given earlier).
 */
export async function recordAnswer(
  db: Queryable,
  answer: {
    attemptId: string;
    itemId: string;
    choice: number | null;
    dontKnow: boolean;
    correct: boolean;
    capMs: number;
    deviceMs: number | null;
  },
): Promise<number> {
  const elapsedMs = sql`greatest(0, round(extract(epoch from (now() - ${skillResponses.servedAt})) * 1000))`;
  const [row] = await db
    .update(skillResponses)
    .set({
      choice: answer.choice,
      dontKnow: answer.dontKnow,
      correct: answer.correct,
      timeSpentMs: sql`least(${elapsedMs}, ${answer.capMs}::int, ${answer.deviceMs ?? answer.capMs}::int)::int`,
      answeredAt: new Date(),
    })
    .where(and(eq(skillResponses.attemptId, answer.attemptId), eq(skillResponses.itemId, answer.itemId)))
    .returning({ timeSpentMs: skillResponses.timeSpentMs });
  return row?.timeSpentMs ?? 0;
}

/** Keeps the attempt's training time current after every answer, so unfinished sittings count too. */
export async function updateTimeSpent(db: Queryable, attemptId: string) {
  await db
    .update(skillAttempts)
    .set({
      timeSpentSeconds: sql`(select coalesce(round(sum(${skillResponses.timeSpentMs}) / 1000.0), 0)::int
        from ${skillResponses} where ${skillResponses.attemptId} = ${attemptId})`,
    })
    .where(eq(skillAttempts.id, attemptId));
}

export async function completeAttempt(
  db: Queryable,
  attemptId: string,
  completedAt: Date,
  results: Array<Omit<ResultRow, 'attemptId' | 'completedAt'>>,
) {
  await db
    .update(skillAttempts)
    .set({ status: 'completed', completedAt })
    .where(eq(skillAttempts.id, attemptId));
  if (results.length === 0) return;
  await db.insert(skillResults).values(results.map((row) => ({ ...row, attemptId, completedAt })));
}

export async function resultsOfAttempt(db: Queryable, attemptId: string): Promise<ResultRow[]> {
  return db.select().from(skillResults).where(eq(skillResults.attemptId, attemptId));
}

/** Every result of the member, oldest first. */
export async function resultsOfUser(db: Queryable, userId: string): Promise<ResultRow[]> {
  return db
    .select()
    .from(skillResults)
    .where(eq(skillResults.userId, userId))
    .orderBy(asc(skillResults.completedAt), asc(skillResults.skill));
}

/** The member's latest completion time per skill (what the cool-down counts from). */
export async function latestCompletionBySkill(db: Queryable, userId: string, skills: string[]) {
  return db
    .selectDistinctOn([skillResults.skill], {
      skill: skillResults.skill,
      completedAt: skillResults.completedAt,
    })
    .from(skillResults)
    .where(and(eq(skillResults.userId, userId), inArray(skillResults.skill, skills)))
    .orderBy(skillResults.skill, desc(skillResults.completedAt));
}

/**
 * Percentile of a score among members' latest results in a skill: the share scoring lower, ties
 * counted half (the mid-rank definition), rounded to a whole percent.
 */
export async function percentileOf(db: Queryable, skill: string, score: number): Promise<number> {
  const latest = db
    .selectDistinctOn([skillResults.userId], { score: skillResults.score })
    .from(skillResults)
    .where(and(eq(skillResults.skill, skill), isNotNull(skillResults.score)))
    .orderBy(skillResults.userId, desc(skillResults.completedAt))
    .as('latest');
  const [row] = await db
    .select({
      below: sql<number>`count(*) filter (where ${latest.score} < ${score})`.mapWith(Number),
      equal: sql<number>`count(*) filter (where ${latest.score} = ${score})`.mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(latest);
  if (!row || row.total === 0) return 50;
  return Math.round((100 * (row.below + row.equal / 2)) / row.total);
}
