import type { BenchResults } from '../results.ts';
import { retrievalBefore, type RetrievalResult, type SplitScores } from '../retrieval.ts';
import { sectionBlock } from './section.ts';
import { table } from './table.ts';

export function retrievalReport(results: BenchResults): string[] {
  return sectionBlock(
    results,
    'retrieval',
    ["Vale's retrieval on the labelled questions (GET /api/knowledge-points?q=, ranked as Vale retrieves)"],
    formatRetrieval,
  );
}

/** Each split's figures with decision 0015's on the line below, so before and after read together. */
function formatRetrieval(retrieval: RetrievalResult): string[] {
  const split = (name: string, scores: SplitScores) => [
    name,
    String(scores.questions),
    scores.hitAt1.toFixed(2),
    scores.hitAt3.toFixed(2),
    scores.mrr.toFixed(2),
  ];
  return [
    table(
      ['Questions', 'n', 'hit@1', 'hit@3', 'MRR'],
      [
        split('tuned on', retrieval.tune),
        split('  before', retrievalBefore.tune),
        split('held out', retrieval.heldOut),
        split('  before', retrievalBefore.heldOut),
      ],
      ['left', 'right', 'right', 'right', 'right'],
    ),
    'before = OR of stemmed words ranked by ts_rank_cd, the retrieval replaced in decision 0015',
  ];
}
