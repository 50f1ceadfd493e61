import { z } from 'zod';
import { skillAreaIdSchema, skillAreaIds } from '../skills.ts';

/**
 * The published score scale: score = 150 + 50·θ, rounded and clamped to 0–300, so the member
 * population (θ ~ N(0, 1)) centres on 150 with 50 points per standard deviation.
 * docs/decisions/0017-skills-psychometrics.md explains the scale, band and levels.
 */
export const skillScale = { min: 0, max: 300, centre: 150, pointsPerLogit: 50 } as const;

/** The error band is the 90 % interval θ̂ ± 1.645·SE, on the score scale. */
export const skillBandZ = 1.645;

export function thetaToScore(theta: number): number {
  const score = Math.round(skillScale.centre + skillScale.pointsPerLogit * theta);
  return Math.min(skillScale.max, Math.max(skillScale.min, score));
}

export function scoreBand(theta: number, se: number): { low: number; high: number } {
  return { low: thetaToScore(theta - skillBandZ * se), high: thetaToScore(theta + skillBandZ * se) };
}

/** Levels by score (cut points at θ = −1, −0.3, +0.3, +1): Novice to Expert. */
export const skillLevels = [
  { id: 'novice', label: 'Novice', minScore: 0 },
  { id: 'emerging', label: 'Emerging', minScore: 100 },
  { id: 'proficient', label: 'Proficient', minScore: 135 },
  { id: 'advanced', label: 'Advanced', minScore: 165 },
  { id: 'expert', label: 'Expert', minScore: 200 },
] as const;
export type SkillLevelId = (typeof skillLevels)[number]['id'];
export const skillLevelIdSchema = z.enum(skillLevels.map((level) => level.id) as [SkillLevelId]);

export function levelForScore(score: number): SkillLevelId {
  let found: SkillLevelId = 'novice';
  for (const level of skillLevels) if (score >= level.minScore) found = level.id;
  return found;
}

export function skillLevelLabel(id: SkillLevelId): string {
  return skillLevels.find((level) => level.id === id)?.label ?? id;
}

export const skillsLimits = {
  optionsPerItem: 4,
  /**
   * The most training time one answer can earn. The server credits the time since it served the
   * question, capped here: the questions are short scenarios a slow, careful reader answers in one to
   * two minutes, so 5 minutes leaves room for thought while an idle tab or a locked phone earns no more.
   */
  maxTimePerItemMs: 5 * 60_000,
} as const;

export const startAssessmentRequestSchema = z
  .object({
    skills: z
      .array(skillAreaIdSchema)
      .min(1, 'Choose at least one skill')
      .max(skillAreaIds.length)
      .refine((skills) => new Set(skills).size === skills.length, 'Choose each skill once'),
  })
  .meta({ id: 'StartAssessmentRequest' });
export type StartAssessmentRequest = z.infer<typeof startAssessmentRequestSchema>;

/** A question as served: never its key or explanation. */
export const assessmentItemSchema = z
  .object({
    id: z.string(),
    skill: skillAreaIdSchema,
    stem: z.string(),
    options: z.array(z.string()).length(skillsLimits.optionsPerItem),
    /** 1-based position of this question within its skill. */
    position: z.number().int().min(1),
  })
  .meta({ id: 'AssessmentItem' });
export type AssessmentItem = z.infer<typeof assessmentItemSchema>;

export const skillProgressSchema = z.object({
  skill: skillAreaIdSchema,
  answered: z.number().int().min(0),
  maxItems: z.number().int().min(1),
  done: z.boolean(),
});
export type SkillProgress = z.infer<typeof skillProgressSchema>;

export const assessmentStateSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(['in-progress', 'completed']),
    skills: z.array(skillProgressSchema),
    /** The question to answer now; null once the attempt is complete. */
    item: assessmentItemSchema.nullable(),
    startedAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AssessmentState' });
export type AssessmentState = z.infer<typeof assessmentStateSchema>;

/**
 * The answer a member gives when they do not know: offered with every question (as Pluralsight's Skill IQ
 * does) so that nobody has to guess. It counts as incorrect in the likelihood, which is what a guess is
 * worth on average and without the guess's noise (decision 0092).
 */
export const dontKnowChoice = 'dont-know';

export const answerRequestSchema = z
  .object({
    itemId: z.string().min(1).max(64),
    /** The option's index, or "dont-know" for "I don't know". */
    choice: z.union([
      z
        .number()
        .int()
        .min(0)
        .max(skillsLimits.optionsPerItem - 1),
      z.literal(dontKnowChoice),
    ]),
    /** Time the member spent on the question, measured on the device (offline answers arrive late). */
    timeSpentMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 60 * 60_000)
      .default(0),
  })
  .meta({ id: 'AnswerRequest' });
export type AnswerRequest = z.input<typeof answerRequestSchema>;

export const skillResultSchema = z
  .object({
    skill: skillAreaIdSchema,
    score: z.number().int(),
    level: skillLevelIdSchema,
    bandLow: z.number().int(),
    bandHigh: z.number().int(),
    /** Standard error of the ability estimate, in logits (the band's source). */
    standardError: z.number(),
    itemsAnswered: z.number().int(),
    correctCount: z.number().int(),
    /** Share of members whose latest score is lower (ties half); null without the detailed report. */
    percentile: z.number().int().min(0).max(100).nullable(),
    completedAt: z.iso.datetime(),
    /** When this skill may be assessed again (the retake cool-down). */
    retakeAvailableAt: z.iso.datetime(),
  })
  .meta({ id: 'SkillResult' });
export type SkillResult = z.infer<typeof skillResultSchema>;

/** What to study for a missed concept: videos and knowledge points tagged with the skill. */
export const studyLinkSchema = z.object({
  kind: z.enum(['knowledge', 'video']),
  id: z.string(),
  title: z.string(),
  /** Where the app opens it (a route of the app). */
  href: z.string(),
});
export type StudyLink = z.infer<typeof studyLinkSchema>;

/**
 * A question of the attempt the member missed, as the review shows it. While the question is in the
 * live bank the review names the concept it tested and explains the idea, and never its correct option,
 * its wording or its own explanation (those would let accounts farm the keys, issue 40). A question
 * since retired from the bank can be shown in full: `retired` holds it then, and null otherwise.
 */
export const reviewEntrySchema = z
  .object({
    skill: skillAreaIdSchema,
    concept: z.string(),
    conceptTitle: z.string(),
    /** The idea behind the concept, written for the concept rather than for one question. */
    idea: z.string(),
    study: z.array(studyLinkSchema),
    /** Whether the member answered "I don't know" (counted as incorrect, and shown as such). */
    dontKnow: z.boolean(),
    retired: z
      .object({
        stem: z.string(),
        options: z.array(z.string()),
        /** The option chosen; null for "I don't know". */
        chosen: z.number().int().nullable(),
        correctOption: z.number().int(),
        explanation: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'ReviewEntry' });
export type ReviewEntry = z.infer<typeof reviewEntrySchema>;

export const assessmentResultSchema = z
  .object({
    id: z.uuid(),
    completedAt: z.iso.datetime(),
    timeSpentSeconds: z.number().int(),
    results: z.array(skillResultSchema),
    /** The missed questions, by skill and concept (not in the order served). */
    review: z.array(reviewEntrySchema),
    /** Whether the caller gets percentiles and history (permission skills.detailedReport). */
    detailedReport: z.boolean(),
  })
  .meta({ id: 'AssessmentResult' });
export type AssessmentResult = z.infer<typeof assessmentResultSchema>;

export const skillHistoryPointSchema = z.object({
  skill: skillAreaIdSchema,
  score: z.number().int(),
  bandLow: z.number().int(),
  bandHigh: z.number().int(),
  completedAt: z.iso.datetime(),
});
export type SkillHistoryPoint = z.infer<typeof skillHistoryPointSchema>;

export const skillResultsResponseSchema = z
  .object({
    latest: z.array(skillResultSchema),
    /** Every past result, oldest first; null without the detailed report. */
    history: z.array(skillHistoryPointSchema).nullable(),
    /** The attempt to resume, if one is in progress. */
    activeAttemptId: z.uuid().nullable(),
    detailedReport: z.boolean(),
    cooldownDays: z.number(),
  })
  .meta({ id: 'SkillResults' });
export type SkillResults = z.infer<typeof skillResultsResponseSchema>;

export const recommendationKinds = ['knowledge', 'video', 'partner'] as const;

export const recommendationSchema = z.object({
  kind: z.enum(recommendationKinds),
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Where the app opens it (a route of the app). */
  href: z.string(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const skillRecommendationsResponseSchema = z
  .object({
    skills: z.array(
      z.object({
        skill: skillAreaIdSchema,
        score: z.number().int(),
        level: skillLevelIdSchema,
        items: z.array(recommendationSchema),
      }),
    ),
  })
  .meta({ id: 'SkillRecommendations' });
export type SkillRecommendations = z.infer<typeof skillRecommendationsResponseSchema>;

/**
 * A result the member chose to make public (issue 45.9, decision 0093): one page per skill, at an
 * unguessable address, until the member stops sharing it. It shows the skill, level, score band and
 * date, and nothing else about the member: not their name, score, percentile or answers.
 */
export const skillShareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Not a shared result');

/** The page a shared result is seen at (a page the server serves; contracts pagePaths). */
export function sharedResultPath(id: string): string {
  return `/skills/shared/${encodeURIComponent(id)}`;
}

/** The Open Graph image the server draws for a shared result (1200 × 630 PNG). */
export function sharedResultImagePath(id: string): string {
  return `/api/skills/shared/${encodeURIComponent(id)}/image.png`;
}

export const shareSkillRequestSchema = z
  .object({ skill: skillAreaIdSchema })
  .meta({ id: 'ShareSkillRequest' });
export type ShareSkillRequest = z.infer<typeof shareSkillRequestSchema>;

/** One of the member's own shares, as they manage it. */
export const skillShareSchema = z
  .object({
    id: skillShareIdSchema,
    skill: skillAreaIdSchema,
    /** The public page's path (the app's origin goes before it). */
    path: z.string(),
    /** When the shared result was completed. */
    completedAt: z.iso.datetime(),
    sharedAt: z.iso.datetime(),
  })
  .meta({ id: 'SkillShare' });
export type SkillShare = z.infer<typeof skillShareSchema>;

export const skillSharesResponseSchema = z
  .object({ shares: z.array(skillShareSchema) })
  .meta({ id: 'SkillShares' });
export type SkillShares = z.infer<typeof skillSharesResponseSchema>;

/** What anyone with the link sees: the skill, level, band and date, nothing else. */
export const sharedSkillResultSchema = z
  .object({
    skill: skillAreaIdSchema,
    level: skillLevelIdSchema,
    bandLow: z.number().int(),
    bandHigh: z.number().int(),
    completedAt: z.iso.datetime(),
  })
  .meta({ id: 'SharedSkillResult' });
export type SharedSkillResult = z.infer<typeof sharedSkillResultSchema>;
