import { z } from 'zod';
import { optionalText } from '../text.ts';
import { impactCurrency, outcomeTypes, type OutcomeType } from './outcome-constants.ts';

/* Outcomes: what members report on their profile; the economic-impact figures sum them. */

export * from './outcome-constants.ts';

export const outcomeTypeSchema = z.enum(
  outcomeTypes.map((type) => type.id) as [OutcomeType, ...OutcomeType[]],
);
export const outcomeLimits = { amountMax: 1_000_000, earliestYear: 1970, noteMax: 200 } as const;

const outcomeDate = z.iso
  .date('Use a date such as 2026-03-31')
  .refine(
    (value) => Number(value.slice(0, 4)) >= outcomeLimits.earliestYear,
    `Use a date from ${outcomeLimits.earliestYear} on`,
  )
  // A day of slack: the member's local date may be ahead of the server's.
  .refine((value) => Date.parse(value) <= Date.now() + 86_400_000, 'Use a date that is not in the future');

export const outcomeInputSchema = z
  .object({
    type: outcomeTypeSchema,
    occurredOn: outcomeDate,
    annualAmount: z
      .number()
      .int('Use a whole amount')
      .min(0, 'Use an amount of 0 or more')
      .max(outcomeLimits.amountMax, `Use an amount up to ${outcomeLimits.amountMax.toLocaleString('en')}`)
      .nullable()
      .default(null),
    note: optionalText(outcomeLimits.noteMax).default(null),
  })
  // No component id: with its defaults and trimming, input and output differ (OpenAPI would collide).
  .strict();
export type OutcomeInput = z.input<typeof outcomeInputSchema>;

export const outcomeSchema = z
  .object({
    id: z.string(),
    type: outcomeTypeSchema,
    occurredOn: z.string(),
    annualAmount: z.number().int().nullable(),
    currency: z.literal(impactCurrency),
    note: z.string().nullable(),
  })
  .meta({ id: 'Outcome' });
export type Outcome = z.infer<typeof outcomeSchema>;

export const outcomeListSchema = z.object({ items: z.array(outcomeSchema) }).meta({ id: 'OutcomeList' });
