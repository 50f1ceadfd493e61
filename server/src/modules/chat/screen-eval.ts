import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { retrieveRelevant } from '../knowledge/index.ts';
import { createScreenRetrieval } from './screen-passages.ts';

/**
 * The questions answered by a partner, a video or a skills assessment (product-eval.json, issue 41.3),
 * for the tests and `npm run bench`: held-out questions are measured, never tuned on.
 */
const screenEvalSchema = z.object({
  questions: z.array(
    z.object({
      split: z.enum(['tune', 'held-out']),
      question: z.string().min(1),
      relevant: z.array(z.string()).min(1),
    }),
  ),
});

export async function loadScreenEvalSet() {
  const file = new URL('./product-eval.json', import.meta.url);
  return screenEvalSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

/** The screens Vale names for a visitor's question, as the evaluation labels them (`partner:<slug>`…). */
export function screenRetrievalFor(db: Database) {
  const screens = createScreenRetrieval(db);
  return async (question: string) => {
    const onTopic = (await retrieveRelevant(db, question, 1)).length > 0;
    return (await screens.find(question, null, onTopic)).map((screen) => screen.slug);
  };
}
