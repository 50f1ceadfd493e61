import { readFile } from 'node:fs/promises';
import { notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { skillAreaIdSchema, skillsLimits } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { skillItems } from '../../db/schema.ts';

const bankFile = new URL('./item-bank.json', import.meta.url);
const conceptsFile = new URL('./concepts.json', import.meta.url);

/**
 * What an item tests, named and explained for the review: a missed item in the live bank is reviewed
 * through its concept, never its key (decision 0050).
 */
export const conceptSchema = z.object({
  id: z.string().regex(/^[a-z-]+\/[a-z-]+$/),
  skill: skillAreaIdSchema,
  title: z.string().min(1),
  idea: z.string().min(1),
});
export type Concept = z.infer<typeof conceptSchema>;

export async function loadConcepts(): Promise<Concept[]> {
  return z.array(conceptSchema).parse(JSON.parse(await readFile(conceptsFile, 'utf8')));
}

export const bankItemSchema = z.object({
  id: z.string().regex(/^[a-z-]+-\d{2}$/),
  skill: skillAreaIdSchema,
  stem: z.string().min(1),
  options: z.array(z.string().min(1)).length(skillsLimits.optionsPerItem),
  answer: z
    .number()
    .int()
    .min(0)
    .max(skillsLimits.optionsPerItem - 1),
  explanation: z.string().min(1),
  /** A concept id of concepts.json, of the same skill. */
  concept: z.string().min(1),
  /** 2PL discrimination and difficulty (logits). */
  a: z.number().positive(),
  b: z.number().min(-4).max(4),
  /** Sympson–Hetter exposure parameter K_i (calibrate-exposure.ts): 1 gives the item whenever it is best. */
  exposure: z.number().gt(0).max(1).default(1),
});
export type BankItem = z.infer<typeof bankItemSchema>;

export async function loadItemBank(): Promise<BankItem[]> {
  return z.array(bankItemSchema).parse(JSON.parse(await readFile(bankFile, 'utf8')));
}

/**
 * Seeds the item bank. Items are matched by id and updated in place, so a corrected text, key or
 * recalibrated parameter reaches a running installation on its next start. An item no longer in the
 * bank is retired (never served again, kept for the review of past attempts).
 */
export async function seedSkillItems(db: Database): Promise<number> {
  const bank = await loadItemBank();
  const existing = new Set((await db.select({ id: skillItems.id }).from(skillItems)).map((row) => row.id));
  const updatable = [
    'skill',
    'stem',
    'options',
    'answer',
    'explanation',
    'concept',
    'discrimination',
    'difficulty',
    'exposure',
    'active',
  ] as const;
  await db
    .insert(skillItems)
    .values(
      bank.map((item) => ({
        id: item.id,
        skill: item.skill,
        stem: item.stem,
        options: item.options,
        answer: item.answer,
        explanation: item.explanation,
        concept: item.concept,
        active: true,
        discrimination: item.a,
        difficulty: item.b,
        exposure: item.exposure,
      })),
    )
    .onConflictDoUpdate({
      target: skillItems.id,
      set: Object.fromEntries(updatable.map((key) => [key, sql.raw(`excluded.${skillItems[key].name}`)])),
    });
  await db
    .update(skillItems)
    .set({ active: false })
    .where(
      notInArray(
        skillItems.id,
        bank.map((item) => item.id),
      ),
    );
  return bank.filter((item) => !existing.has(item.id)).length;
}
