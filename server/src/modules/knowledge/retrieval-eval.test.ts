import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';
import { retrieveRelevant } from './knowledge.repo.ts';
import {
  formatScores,
  loadRetrievalEvalSet,
  scoreOffTopic,
  scoreRetrieval,
  type EvalSetName,
} from './retrieval-eval.ts';

/**
 * Floors a little under the figures measured when the retrieval of issue 41 was chosen (decision 0061),
 * on the parts of each set it was never tuned on: a change that loses ground fails here.
 */
const heldOutFloors: Record<EvalSetName, { hitAt1: number; hitAt3: number; mrr: number }> = {
  project: { hitAt1: 0.85, hitAt3: 0.9, mrr: 0.88 },
  members: { hitAt1: 0.7, hitAt3: 0.84, mrr: 0.77 },
};

describe("Vale's retrieval, measured on the labelled questions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedKnowledgePoints(t.db);
  });
  afterAll(() => t.close());

  const retrieve = async (question: string) =>
    (await retrieveRelevant(t.db, question, 6)).map((point) => point.slug);

  it.each(['project', 'members'] as const)(
    'finds the answering passage for held-out questions (%s set)',
    async (name) => {
      const { questions } = await loadRetrievalEvalSet(name);
      const scores = await scoreRetrieval(
        questions.filter((question) => question.split === 'held-out'),
        retrieve,
      );
      console.info(`retrieval, ${name} held out: ${formatScores(scores)}`);
      expect(scores.hitAt1).toBeGreaterThanOrEqual(heldOutFloors[name].hitAt1);
      expect(scores.hitAt3).toBeGreaterThanOrEqual(heldOutFloors[name].hitAt3);
      expect(scores.mrr).toBeGreaterThanOrEqual(heldOutFloors[name].mrr);
    },
  );

  it('answers "nothing on that" to most off-topic questions and to few on-topic ones (decision 0062)', async () => {
    const sets = await Promise.all([loadRetrievalEvalSet('project'), loadRetrievalEvalSet('members')]);
    const offTopic = await scoreOffTopic(
      sets.flatMap((set) => set.offTopic),
      retrieve,
    );
    const onTopic = await scoreRetrieval(
      sets.flatMap((set) => set.questions),
      retrieve,
    );
    console.info(
      `off-topic caught ${offTopic.caught.toFixed(2)}; on-topic "nothing" ${onTopic.nothing.toFixed(2)}`,
    );
    expect(offTopic.caught).toBeGreaterThanOrEqual(0.85);
    expect(onTopic.nothing).toBeLessThanOrEqual(0.05);
  });
});
