import type { BenchResults } from '../results.ts';
import type { OffTopicScores, RetrievalResult, SplitScores } from '../retrieval.ts';
import { sectionBlock } from './section.ts';
import { table } from './table.ts';

export function retrievalReport(results: BenchResults): string[] {
  return sectionBlock(
    results,
    'retrieval',
    ["Vale's retrieval on the labelled questions (before issue 41 and now, in this run, on one database)"],
    formatRetrieval,
  );
}

const setLabel = { project: 'project', members: 'members' } as const;
const splitLabel = { tune: 'tuned on', 'held-out': 'held out' } as const;

/** Each split's current figures with the retrieval before issue 41 on the line below. */
function formatRetrieval(retrieval: RetrievalResult): string[] {
  const f = (value: number) => value.toFixed(2);
  const line = (name: string, scores: SplitScores) => [
    name,
    String(scores.questions),
    f(scores.hitAt1),
    f(scores.hitAt3),
    f(scores.mrr),
    f(scores.nothing),
  ];
  const offTopic = (name: string, scores: OffTopicScores) => [
    name,
    String(scores.questions),
    f(scores.caught),
  ];
  return [
    table(
      ['Questions', 'n', 'hit@1', 'hit@3', 'MRR', 'nothing'],
      retrieval.rows.flatMap((row) => [
        line(`${setLabel[row.set]}, ${splitLabel[row.split]}`, row.after),
        line('  before', row.before),
      ]),
      ['left', 'right', 'right', 'right', 'right', 'right'],
    ),
    table(
      ['Off-topic questions', 'n', 'caught'],
      retrieval.offTopic.flatMap((row) => [
        offTopic(splitLabel[row.split], row.after),
        offTopic('  before', row.before),
      ]),
      ['left', 'right', 'right'],
    ),
    ...(retrieval.screens
      ? [
          table(
            ['Partners, videos, assessments', 'n', 'hit@1', 'hit@3', 'MRR', 'nothing'],
            retrieval.screens.map((row) => line(`screens, ${splitLabel[row.split]}`, row.after)),
            ['left', 'right', 'right', 'right', 'right', 'right'],
          ),
        ]
      : []),
    'before = BM25F with synonym lists fitted to the project set (decision 0015), re-run here;',
    'screens = the product screens Vale names (issue 41.3; before it, none);',
    'nothing = share answered "nothing on that"; caught = off-topic questions answered so (want 1.00).',
  ];
}
