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
