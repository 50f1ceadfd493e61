import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, type Database } from '../../server/src/db/client.ts';
import { startEmbeddedDatabase } from '../../server/src/db/embedded.ts';
import { applyMigrations } from '../../server/src/db/migrate.ts';
import {
  insertMissingKnowledgePoints,
  retrieveRelevant,
  type KnowledgePointInput,
} from '../../server/src/modules/knowledge/knowledge.repo.ts';
import {
  evalSetNames,
  loadRetrievalEvalSet,
  scoreOffTopic,
  scoreRetrieval,
  type EvalSetName,
  type RetrievalScores,
} from '../../server/src/modules/knowledge/retrieval-eval.ts';
import { loadScreenEvalSet, screenRetrievalFor } from '../../server/src/modules/chat/screen-eval.ts';
import { seedPartners } from '../../server/src/seed/partners.ts';
import { seedVideos } from '../../server/src/seed/videos.ts';
import { onCleanup } from './cleanup.ts';
import { rankBefore } from './retrieval-before.ts';

export type SplitScores = Omit<RetrievalScores, 'misses'>;

export interface OffTopicScores {
  questions: number;
  /** Share answered with "nothing on that" (nothing retrieved). */
  caught: number;
}

/** One split of one labelled set, measured with the retrieval before issue 41 and the current one. */
export interface RetrievalRow {
  set: EvalSetName;
  split: 'tune' | 'held-out';
  before: SplitScores;
  after: SplitScores;
}

export interface RetrievalResult {
  rows: RetrievalRow[];
  /** The off-topic questions of both sets, split as the sets split them. */
  offTopic: Array<{ split: 'tune' | 'held-out'; before: OffTopicScores; after: OffTopicScores }>;
  /**
   * The partners, videos and assessments Vale names (issue 41.3) on the questions they answer
   * (product-eval.json); before it Vale named none. Absent when the section ran without them.
   */
  screens?: Array<{ split: 'tune' | 'held-out'; after: SplitScores }>;
}

/** How many passages Vale asks for (chat.service.ts). */
const passagesPerAnswer = 6;

type Retrieve = (question: string) => Promise<string[]>;

/** Both retrievals on one database, as Vale calls them: only passages worth citing, best first. */
function retrievals(db: Database): { before: Retrieve; after: Retrieve } {
  return {
    before: async (question) =>
      (await rankBefore(db, question, { relevantOnly: true }))
        .slice(0, passagesPerAnswer)
        .map(({ point }) => point.slug),
    after: async (question) =>
      (await retrieveRelevant(db, question, passagesPerAnswer)).map((point) => point.slug),
  };
}

/** Retrieval quality of every labelled set, before and after, on a seeded database. */
export async function measureRetrievalOn(db: Database): Promise<RetrievalResult> {
  const { before, after } = retrievals(db);
  const rows: RetrievalRow[] = [];
  const offTopic: Array<{ split: 'tune' | 'held-out'; question: string }> = [];
  for (const set of evalSetNames) {
    const evalSet = await loadRetrievalEvalSet(set);
    offTopic.push(...evalSet.offTopic);
    for (const split of ['tune', 'held-out'] as const) {
      const questions = evalSet.questions.filter((question) => question.split === split);
      const score = async (retrieve: Retrieve) => {
        const { misses: _misses, ...scores } = await scoreRetrieval(questions, retrieve);
        return scores;
      };
      rows.push({ set, split, before: await score(before), after: await score(after) });
    }
  }
  const offTopicRows: RetrievalResult['offTopic'] = [];
  for (const split of ['tune', 'held-out'] as const) {
    const questions = offTopic.filter((question) => question.split === split);
    offTopicRows.push({
      split,
      before: await scoreOffTopic(questions, before),
      after: await scoreOffTopic(questions, after),
    });
  }
  return { rows, offTopic: offTopicRows, screens: await measureScreens(db) };
}

/** The screens Vale names, as a visitor asks (chat's screen-eval.ts), on a database holding them. */
async function measureScreens(db: Database): Promise<RetrievalResult['screens']> {
  const retrieve = screenRetrievalFor(db);
  const { questions } = await loadScreenEvalSet();
  const rows: NonNullable<RetrievalResult['screens']> = [];
  for (const split of ['tune', 'held-out'] as const) {
    const { misses: _misses, ...after } = await scoreRetrieval(
      questions.filter((question) => question.split === split),
      retrieve,
    );
    rows.push({ split, after });
  }
  return rows;
}

/**
 * Vale's retrieval quality on the labelled questions, the retrieval before issue 41 and the current one
 * side by side, on an embedded PostgreSQL of the section's own holding the seeded knowledge base.
 */
export async function measureRetrieval(): Promise<RetrievalResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'uplift-bench-retrieval-'));
  // Started as root, the embedded PostgreSQL runs as the `postgres` user, which must reach this folder.
  await chmod(dataDir, 0o755);
  const database = await startEmbeddedDatabase({ dataDir });
  const stop = async () => {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const unregister = onCleanup({ run: stop, now: () => {} });
  const db = createDatabase(database.url);
  try {
    await applyMigrations(db);
    // The knowledge seed as the server's seed writes it (its module would bring the whole app's types).
    const seed = new URL('../../server/src/seed/knowledge-points.json', import.meta.url);
    await insertMissingKnowledgePoints(db, JSON.parse(await readFile(seed, 'utf8')) as KnowledgePointInput[]);
    // The partners and videos Vale names next to the passages (issue 41.3).
    await seedPartners(db);
    await seedVideos(db);
    return await measureRetrievalOn(db);
  } finally {
    await db.$client.end();
    unregister();
    await stop();
  }
}
