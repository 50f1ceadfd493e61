import {
  loadRetrievalEvalSet,
  scoreRetrieval,
  type RetrievalScores,
} from '../../server/src/modules/knowledge/retrieval-eval.ts';

export type SplitScores = Omit<RetrievalScores, 'misses'>;

export interface RetrievalResult {
  /** Questions used while tuning retrieval, and those only ever measured. */
  tune: SplitScores;
  heldOut: SplitScores;
}

/**
 * Decision 0015's figures for the retrieval Vale had before (an OR of every stemmed word, ranked by
 * ts_rank_cd) on the same questions. That ranker is gone, so it cannot be re-run: the report prints these
 * beside each run's figures so that before and after read together.
 */
export const retrievalBefore: RetrievalResult = {
  tune: { questions: 72, hitAt1: 0.49, hitAt3: 0.69, mrr: 0.61 },
  heldOut: { questions: 24, hitAt1: 0.63, hitAt3: 0.83, mrr: 0.75 },
};

/**
 * Vale's retrieval quality on the labelled questions (server/src/modules/knowledge/retrieval-eval.json),
 * through the running server's knowledge search, which ranks exactly as Vale retrieves.
 */
export async function measureRetrieval(origin: string): Promise<RetrievalResult> {
  const { questions } = await loadRetrievalEvalSet();
  const retrieve = async (question: string) => {
    const response = await fetch(
      `${origin}/api/knowledge-points?pageSize=10&q=${encodeURIComponent(question)}`,
    );
    if (!response.ok) throw new Error(`GET /api/knowledge-points answered ${response.status}`);
    const body = (await response.json()) as { items: Array<{ slug: string }> };
    return body.items.map((item) => item.slug);
  };
  const score = async (split: 'tune' | 'held-out'): Promise<SplitScores> => {
    const { misses: _misses, ...scores } = await scoreRetrieval(
      questions.filter((question) => question.split === split),
      retrieve,
    );
    return scores;
  };
  return { tune: await score('tune'), heldOut: await score('held-out') };
}
