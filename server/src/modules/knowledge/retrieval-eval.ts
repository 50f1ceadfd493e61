import { readFile } from 'node:fs/promises';
import { z } from 'zod';

const evalFile = new URL('./retrieval-eval.json', import.meta.url);

const evalSetSchema = z.object({
  questions: z.array(
    z.object({
      split: z.enum(['tune', 'held-out']),
      question: z.string().min(1),
      relevant: z.array(z.string()).min(1),
    }),
  ),
  offTopic: z.array(z.string().min(1)),
});

export type RetrievalEvalSet = z.infer<typeof evalSetSchema>;
export type LabelledQuestion = RetrievalEvalSet['questions'][number];

/** The labelled questions (see retrieval-eval.json's `about`). */
export async function loadRetrievalEvalSet(): Promise<RetrievalEvalSet> {
  return evalSetSchema.parse(JSON.parse(await readFile(evalFile, 'utf8')));
}

export interface RetrievalScores {
  questions: number;
  /** Share of questions whose first passage answers them. */
  hitAt1: number;
  /** Share of questions with an answering passage among the first three. */
  hitAt3: number;
  /** Mean reciprocal rank of the first answering passage (0 when none is returned). */
  mrr: number;
  /** Questions with no answering passage in the first three, for reading what went wrong. */
  misses: Array<{ question: string; expected: string[]; got: string[] }>;
}

/** Scores a retrieval (question → slugs, best first) against labelled questions. */
export async function scoreRetrieval(
  questions: LabelledQuestion[],
  retrieve: (question: string) => Promise<string[]>,
): Promise<RetrievalScores> {
  let hits1 = 0;
  let hits3 = 0;
  let reciprocal = 0;
  const misses: RetrievalScores['misses'] = [];
  for (const { question, relevant } of questions) {
    const got = await retrieve(question);
    const rank = got.findIndex((slug) => relevant.includes(slug));
    if (rank === 0) hits1 += 1;
    if (rank >= 0 && rank < 3) hits3 += 1;
    else misses.push({ question, expected: relevant, got: got.slice(0, 3) });
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  }
  const n = questions.length;
  return { questions: n, hitAt1: hits1 / n, hitAt3: hits3 / n, mrr: reciprocal / n, misses };
}

/** One line for logs and reports: `hit@1 0.83 · hit@3 0.95 · MRR 0.89 (72 questions)`. */
export function formatScores(scores: RetrievalScores): string {
  const f = (value: number) => value.toFixed(2);
  return `hit@1 ${f(scores.hitAt1)} · hit@3 ${f(scores.hitAt3)} · MRR ${f(scores.mrr)} (${scores.questions} questions)`;
}
