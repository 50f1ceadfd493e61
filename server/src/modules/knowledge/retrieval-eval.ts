import { readFile } from 'node:fs/promises';
import { z } from 'zod';

const split = z.enum(['tune', 'held-out']);

const evalSetSchema = z.object({
  questions: z.array(
    z.object({
      split,
      question: z.string().min(1),
      relevant: z.array(z.string()).min(1),
    }),
  ),
  // The project's first set lists its off-topic questions as plain strings, all of them tuned on.
  offTopic: z.array(
    z.union([
      z.object({ split, question: z.string().min(1) }),
      z
        .string()
        .min(1)
        .transform((question) => ({ split: 'tune' as const, question })),
    ]),
  ),
});

export type RetrievalEvalSet = z.infer<typeof evalSetSchema>;
export type LabelledQuestion = RetrievalEvalSet['questions'][number];

/**
 * The labelled sets: `project`, the questions the retrieval of decision 0015 was tuned on
 * (retrieval-eval.json), and `members`, questions worded as members write, written for issue 41 before
 * the ranker that replaced it ran on them (retrieval-eval-members.json). Each file's `about` says more.
 */
export const evalSetNames = ['project', 'members'] as const;
export type EvalSetName = (typeof evalSetNames)[number];

const evalFiles: Record<EvalSetName, URL> = {
  project: new URL('./retrieval-eval.json', import.meta.url),
  members: new URL('./retrieval-eval-members.json', import.meta.url),
};

export async function loadRetrievalEvalSet(name: EvalSetName = 'project'): Promise<RetrievalEvalSet> {
  return evalSetSchema.parse(JSON.parse(await readFile(evalFiles[name], 'utf8')));
}

export interface RetrievalScores {
  questions: number;
  /** Share of questions whose first passage answers them. */
  hitAt1: number;
  /** Share of questions with an answering passage among the first three. */
  hitAt3: number;
  /** Mean reciprocal rank of the first answering passage (0 when none is returned). */
  mrr: number;
  /** Share of questions for which nothing was retrieved (Vale's "nothing on that"). */
  nothing: number;
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
  let nothing = 0;
  const misses: RetrievalScores['misses'] = [];
  for (const { question, relevant } of questions) {
    const got = await retrieve(question);
    if (got.length === 0) nothing += 1;
    const rank = got.findIndex((slug) => relevant.includes(slug));
    if (rank === 0) hits1 += 1;
    if (rank >= 0 && rank < 3) hits3 += 1;
    else misses.push({ question, expected: relevant, got: got.slice(0, 3) });
    if (rank >= 0) reciprocal += 1 / (rank + 1);
  }
  const n = questions.length;
  return {
    questions: n,
    hitAt1: hits1 / n,
    hitAt3: hits3 / n,
    mrr: reciprocal / n,
    nothing: nothing / n,
    misses,
  };
}

/** Share of off-topic questions for which nothing is retrieved (each one should get "nothing on that"). */
export async function scoreOffTopic(
  questions: Array<{ question: string }>,
  retrieve: (question: string) => Promise<string[]>,
): Promise<{ questions: number; caught: number }> {
  let caught = 0;
  for (const { question } of questions) if ((await retrieve(question)).length === 0) caught += 1;
  return { questions: questions.length, caught: caught / questions.length };
}

/** One line for logs and reports: `hit@1 0.83 · hit@3 0.95 · MRR 0.89 (72 questions)`. */
export function formatScores(scores: RetrievalScores): string {
  const f = (value: number) => value.toFixed(2);
  return `hit@1 ${f(scores.hitAt1)} · hit@3 ${f(scores.hitAt3)} · MRR ${f(scores.mrr)} · nothing ${f(scores.nothing)} (${scores.questions} questions)`;
}
