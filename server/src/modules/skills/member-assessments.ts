import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { skillAttempts, skillResults } from '../../db/schema.ts';

/** A member's assessments for the admin's view of them, newest first, with each skill's score. */
export async function memberAssessments(
  db: Database,
  userId: string,
  { page, pageSize }: { page: number; pageSize: number },
) {
  const [attempts, [total]] = await Promise.all([
    db
      .select()
      .from(skillAttempts)
      .where(eq(skillAttempts.userId, userId))
      .orderBy(desc(skillAttempts.startedAt), desc(skillAttempts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(skillAttempts).where(eq(skillAttempts.userId, userId)),
  ]);
  const results =
    attempts.length === 0
      ? []
      : await db
          .select({ attemptId: skillResults.attemptId, skill: skillResults.skill, score: skillResults.score })
          .from(skillResults)
          .where(
            inArray(
              skillResults.attemptId,
              attempts.map((attempt) => attempt.id),
            ),
          )
          .orderBy(asc(skillResults.skill));
  return {
    total: total?.n ?? 0,
    items: attempts.map((attempt) => ({
      id: attempt.id,
      status: attempt.status,
      startedAt: attempt.startedAt.toISOString(),
      completedAt: attempt.completedAt?.toISOString() ?? null,
      results: results
        .filter((result) => result.attemptId === attempt.id)
        .map(({ skill, score }) => ({ skill, score })),
    })),
  };
}
