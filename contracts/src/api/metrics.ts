import { z } from 'zod';
import { impactCurrency, outcomeTypeSchema } from './outcomes.ts';

/**
 * No aggregate may single anyone out: a figure that fewer than this many members contribute to is
 * withheld (null), as is one that other published figures would give back (decision 0018), and an
 * industry that small is folded into "Other".
 */
export const minimumGroupSize = 5;

/** A figure with how many members it comes from; `value` is null when that is below the minimum. */
const withheldNumber = z.number().nullable();

export const impactTrendPointSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  /** False when fewer than `minimumGroupSize` members reported that month: figures are then null. */
  shown: z.boolean(),
  outcomes: withheldNumber,
  wageUplift: withheldNumber,
});
export type ImpactTrendPoint = z.infer<typeof impactTrendPointSchema>;

/** A count per outcome type, every type listed, in the order of `outcomeTypes`. */
const outcomeCountsSchema = z.array(z.object({ type: outcomeTypeSchema, count: withheldNumber }));

export const economicImpactSchema = z
  .object({
    members: z.number().int(),
    /** Null while the skills assessment has no completed attempts to count (or its tables do not exist). */
    assessmentsCompleted: z.number().int().nullable(),
    averageSkillGain: z.number().nullable(),
    outcomesReported: withheldNumber,
    outcomesByType: outcomeCountsSchema,
    totalAnnualWageUplift: withheldNumber,
    currency: z.literal(impactCurrency),
    trainingHours: z.number().nullable(),
    partnerConnections: z.number().int().nullable(),
    /** The last 12 calendar months, oldest first. */
    trend: z.array(impactTrendPointSchema),
    minimumGroupSize: z.number().int(),
    generatedAt: z.string(),
  })
  .meta({ id: 'EconomicImpact' });
export type EconomicImpact = z.infer<typeof economicImpactSchema>;

export const industryImpactSchema = z.object({
  /** An industry id from contracts, or "other" for the small ones folded together. */
  industry: z.string(),
  label: z.string(),
  members: z.number().int(),
  outcomesReported: withheldNumber,
  totalAnnualWageUplift: withheldNumber,
  trainingHours: z.number().nullable(),
  partnerConnections: z.number().int().nullable(),
  /* Added after the first release; the same figures as the community's, for this industry (0018). */
  assessmentsCompleted: z.number().int().nullable(),
  averageSkillGain: z.number().nullable(),
  outcomesByType: outcomeCountsSchema,
});
export type IndustryImpact = z.infer<typeof industryImpactSchema>;

export const industryBreakdownSchema = z
  .object({
    industries: z.array(industryImpactSchema),
    currency: z.literal(impactCurrency),
    minimumGroupSize: z.number().int(),
    generatedAt: z.string(),
  })
  .meta({ id: 'IndustryBreakdown' });
export type IndustryBreakdown = z.infer<typeof industryBreakdownSchema>;
