import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  levelForScore,
  skillAreaLabel,
  skillAreas,
  skillLevelLabel,
  skillLevels,
  type SkillAreaId,
} from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { skillItems, skillResponses, skillResults } from '../../db/schema.ts';
import { loadConcepts, type Concept } from './item-bank.ts';

/** A skill area's assessment as Vale may point to it (issue 41.3): what it measures, and its screen. */
export interface AssessmentSource {
  /** `assessment:<skill id>`, as the evaluation names it. */
  key: string;
  skill: SkillAreaId;
  title: string;
  tags: string[];
  /** The concepts it tests, title and idea: the words a "what should I learn" question shares with it. */
  body: string;
  href: string;
}

let concepts: Promise<Concept[]> | undefined;

export async function assessmentSources(): Promise<AssessmentSource[]> {
  concepts ??= loadConcepts();
  const all = await concepts;
  return skillAreas.map(({ id, label }) => ({
    key: `assessment:${id}`,
    skill: id,
    title: `${label} skills assessment`,
    tags: [label],
    body: all
      .filter((concept) => concept.skill === id)
      .map((concept) => `${concept.title}. ${concept.idea}`)
      .join('\n'),
    href: '/skills',
  }));
}

/** A concept the member missed in their latest assessment of a skill, and how often. */
export interface MissedConcept {
  title: string;
  idea: string;
  missed: number;
}

/** The member's latest result in one skill, with the concepts they missed most first. */
export interface MemberSkillResult {
  skill: SkillAreaId;
  skillLabel: string;
  score: number;
  levelLabel: string;
  correct: number;
  answered: number;
  weakest: MissedConcept[];
  /** The results screen of that attempt, with its review. */
  href: string;
}

/** How many missed concepts are named: where to start, not the whole review. */
const weakestShown = 3;

/** The member's latest result in `skill`, or null when they never completed its assessment. */
export async function memberSkillResult(
  db: Database,
  userId: string,
  skill: SkillAreaId,
): Promise<MemberSkillResult | null> {
  const [latest] = await db
    .select()
    .from(skillResults)
    .where(and(eq(skillResults.userId, userId), eq(skillResults.skill, skill)))
    .orderBy(desc(skillResults.completedAt))
    .limit(1);
  if (!latest) return null;
  const misses = await db
    .select({ concept: skillItems.concept, missed: sql<number>`count(*)`.mapWith(Number) })
    .from(skillResponses)
    .innerJoin(skillItems, eq(skillItems.id, skillResponses.itemId))
    .where(
      and(
        eq(skillResponses.attemptId, latest.attemptId),
        eq(skillResponses.skill, skill),
        isNotNull(skillResponses.answeredAt),
        eq(skillResponses.correct, false),
      ),
    )
    .groupBy(skillItems.concept)
    .orderBy(desc(sql`count(*)`), skillItems.concept)
    .limit(weakestShown);
  concepts ??= loadConcepts();
  const byId = new Map((await concepts).map((concept) => [concept.id, concept]));
  return {
    skill,
    skillLabel: skillAreaLabel(skill),
    score: latest.score,
    levelLabel: skillLevelLabel(levelForScore(latest.score)),
    correct: latest.correctCount,
    answered: latest.itemsAnswered,
    weakest: misses.map(({ concept, missed }) => ({
      title: byId.get(concept)?.title ?? skillAreaLabel(skill),
      idea: byId.get(concept)?.idea ?? '',
      missed,
    })),
    href: `/skills?attempt=${latest.attemptId}`,
  };
}

/**
 * Where a member who asks "what should I learn next?" without naming a skill starts (issue 41.3, decision
 * 0115): their weakest latest result when it is below Proficient; otherwise a skill they have never
 * assessed (the first in the product's order); otherwise their weakest result all the same. Null when they
 * have no result yet: every assessment is a fair start then.
 */
export interface LearnNext {
  skill: SkillAreaId;
  skillLabel: string;
  /** Their latest result in it, or null for a skill they have never assessed. */
  result: MemberSkillResult | null;
}

const proficientFrom = skillLevels.find((level) => level.id === 'proficient')?.minScore ?? 0;

export async function learnNextFor(db: Database, userId: string): Promise<LearnNext | null> {
  const latest = await db
    .selectDistinctOn([skillResults.skill], { skill: skillResults.skill, score: skillResults.score })
    .from(skillResults)
    .where(eq(skillResults.userId, userId))
    .orderBy(skillResults.skill, desc(skillResults.completedAt));
  const known = skillAreas.filter((area) => latest.some((row) => row.skill === area.id));
  if (known.length === 0) return null;
  const scoreOf = (skill: SkillAreaId) => latest.find((row) => row.skill === skill)?.score ?? 0;
  // The lowest score; a tie goes to the skill first in the product's order.
  const weakest = known.reduce((low, area) => (scoreOf(area.id) < scoreOf(low.id) ? area : low));
  const unassessed = skillAreas.find((area) => !known.includes(area));
  if (unassessed && scoreOf(weakest.id) >= proficientFrom) {
    return { skill: unassessed.id, skillLabel: unassessed.label, result: null };
  }
  return {
    skill: weakest.id,
    skillLabel: weakest.label,
    result: await memberSkillResult(db, userId, weakest.id),
  };
}
