import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';
import { retrieveRelevant } from './knowledge.repo.ts';
import {
  formatScores,
  loadRetrievalEvalSet,
  scoreRetrieval,
  type RetrievalEvalSet,
} from './retrieval-eval.ts';

describe("Vale's retrieval, measured on the labelled questions", () => {
  let t: TestApp;
  let evalSet: RetrievalEvalSet;
  beforeAll(async () => {
    t = await createTestApp();
    await seedKnowledgePoints(t.db);
    evalSet = await loadRetrievalEvalSet();
  });
  afterAll(() => t.close());

  const retrieve = async (question: string) =>
    (await retrieveRelevant(t.db, question, 6)).map((point) => point.slug);

  it.each(['tune', 'held-out'] as const)('finds the answering passage (%s questions)', async (split) => {
    const scores = await scoreRetrieval(
      evalSet.questions.filter((question) => question.split === split),
      retrieve,
    );
    console.info(`retrieval, ${split}: ${formatScores(scores)}`);
    if (split === 'tune') for (const miss of scores.misses) console.info('  missed:', JSON.stringify(miss));
    expect(scores.hitAt3).toBeGreaterThanOrEqual(0.9);
    expect(scores.hitAt1).toBeGreaterThanOrEqual(0.7);
  });

  it('finds something for every labelled question, and nothing for questions the base does not cover', async () => {
    for (const { question } of evalSet.questions) expect(await retrieve(question), question).not.toEqual([]);
    for (const { question } of evalSet.offTopic) expect(await retrieve(question), question).toEqual([]);
  });
});
