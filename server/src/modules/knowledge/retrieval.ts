import { sql } from 'drizzle-orm';
import type { KnowledgePoint } from '@uplift/contracts';
import type { Database } from '../../db/client.ts';
import { knowledgePoints } from '../../db/schema.ts';
import { coverageOf, rarity, type QuestionWord } from './coverage.ts';
import { wordVectors } from './word-vectors.ts';
import { wordsOf } from './words.ts';

/**
 * Vale's retrieval (issue 41, decision 0061): BM25F over the stemmed words of each point's title, tags,
 * body, and its own summary and the questions it answers (fields weighted apart), fused with how much of
 * the question the point covers in general English word vectors (coverage.ts). Nothing in it names a
 * question or lists domain synonyms; every setting below was chosen by measuring the tuning parts of the
 * labelled sets (retrieval-eval*.json); `npm run bench` prints the figures.
 */
const settings = {
  /** BM25F: an occurrence in the title counts 5 times, in tags, summary or questions twice, in the body once. */
  title: 5,
  tags: 2,
  asked: 2,
  k1: 1.2,
  b: 0.75,
  /** Share of the fused score that comes from the coverage; the rest from BM25F. */
  semantic: 0.4,
  /**
   * The relevance floor (decision 0062): nothing is worth citing when more than this share of the
   * question (by rarity) is covered by nothing in the knowledge base…
   */
  maxGap: 0.4,
  /** …or when the best point covers less than this share of it. */
  minCoverage: 0.2,
  /** Passages far behind the best one are not worth citing next to it. */
  minShareOfBest: 0.3,
};

interface IndexedPoint {
  point: KnowledgePoint;
  /** Each lexeme's occurrences, weighted by field. */
  terms: Map<string, number>;
  length: number;
  /** The lexemes of its title, tags, summary and questions. */
  headLexemes: Set<string>;
  /** Vector rows of the (non-stop) words of its title, tags, summary and questions; of its body. */
  headRows: number[];
  bodyRows: number[];
}

interface Corpus {
  signature: string;
  points: IndexedPoint[];
  documentFrequency: Map<string, number>;
  averageLength: number;
}

// One index per database, built from its rows. Rebuilt when points are added (the signature, read with
// every search) or when a write is announced (`forgetKnowledgeIndex`): an edit leaves the signature alone.
const corpora = new WeakMap<Database, Corpus>();
/** Writes announced so far, per database. */
const announced = new WeakMap<Database, number>();

/** Drops the index of `db` after its knowledge points were written: the next search reads them again. */
export function forgetKnowledgeIndex(db: Database): void {
  corpora.delete(db);
  announced.set(db, (announced.get(db) ?? 0) + 1);
}

const signatureSql = sql<string>`(
  select count(*) || ':' || coalesce(max(${knowledgePoints.createdAt})::text, '') from ${knowledgePoints}
)`;

/** Each word's lexeme under PostgreSQL's English configuration, as JSON (null for a stop word). */
const lexemesSql = (words: string[]) => sql`(
  select coalesce(json_object_agg(w, (select min(lexeme) from unnest(to_tsvector('english', w)))), '{}')
  from json_array_elements_text(${JSON.stringify(words)}::json) as w
)`;

async function loadCorpus(db: Database, signature: string): Promise<Corpus> {
  const fieldWeight: Record<string, number> = { A: settings.title, B: settings.tags, C: 1, D: 1 };
  const rows = await db
    .select({
      id: knowledgePoints.id,
      slug: knowledgePoints.slug,
      title: knowledgePoints.title,
      body: knowledgePoints.body,
      topic: knowledgePoints.topic,
      tags: knowledgePoints.tags,
      skillTags: knowledgePoints.skillTags,
      sourceUrl: knowledgePoints.sourceUrl,
      summary: knowledgePoints.summary,
      questions: knowledgePoints.questions,
      lexemes: sql<Array<{ l: string; p: number[]; w: string[] }>>`(
        select coalesce(json_agg(json_build_object('l', t.lexeme, 'p', t.positions, 'w', t.weights)), '[]')
        from unnest(${knowledgePoints.search}) as t
      )`,
    })
    .from(knowledgePoints);
  const vectors = wordVectors();
  const fields = rows.map((row) => ({
    head: wordsOf(`${row.title} ${row.tags.join(' ')} ${row.summary} ${row.questions.join(' ')}`),
    asked: wordsOf(`${row.summary} ${row.questions.join(' ')}`),
    body: wordsOf(row.body),
  }));
  const allWords = [...new Set(fields.flatMap(({ head, body }) => [...head, ...body]))];
  const lexemeOf = await db
    .execute<{ lexemes: Record<string, string | null> }>(sql`select ${lexemesSql(allWords)} as lexemes`)
    .then((result) => new Map(Object.entries(result.rows[0]?.lexemes ?? {})));
  const documentFrequency = new Map<string, number>();
  const points = rows.map(({ lexemes, summary: _summary, questions: _questions, ...point }, i) => {
    const { head, asked, body } = fields[i] ?? { head: [], asked: [], body: [] };
    const terms = new Map<string, number>();
    let length = 0;
    for (const { l, p, w } of lexemes) {
      terms.set(
        l,
        w.reduce((sum, weight) => sum + (fieldWeight[weight] ?? 1), 0),
      );
      length += p.length;
    }
    // The summary and questions are not in PostgreSQL's `search` vector: their lexemes are added here.
    for (const word of asked) {
      const lexeme = lexemeOf.get(word);
      if (!lexeme) continue;
      terms.set(lexeme, (terms.get(lexeme) ?? 0) + settings.asked);
      length += 1;
    }
    for (const lexeme of terms.keys())
      documentFrequency.set(lexeme, (documentFrequency.get(lexeme) ?? 0) + 1);
    const rowsOf = (words: string[]) => [
      ...new Set(words.filter((word) => lexemeOf.get(word)).flatMap((word) => vectors.index.get(word) ?? [])),
    ];
    return {
      point,
      terms,
      length,
      headLexemes: new Set(head.flatMap((word) => lexemeOf.get(word) ?? [])),
      headRows: rowsOf(head),
      bodyRows: rowsOf(body),
    };
  });
  const averageLength = points.reduce((sum, point) => sum + point.length, 0) / Math.max(points.length, 1);
  return { signature, points, documentFrequency, averageLength };
}

function idf(corpus: Corpus, lexeme: string): number {
  const n = corpus.points.length;
  const df = corpus.documentFrequency.get(lexeme) ?? 0;
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

function bm25(corpus: Corpus, indexed: IndexedPoint, lexemes: string[]): number {
  const { k1, b } = settings;
  const norm = k1 * (1 - b + (b * indexed.length) / corpus.averageLength);
  let total = 0;
  for (const lexeme of lexemes) {
    const found = indexed.terms.get(lexeme);
    if (found) total += idf(corpus, lexeme) * ((found * (k1 + 1)) / (found + norm));
  }
  return total;
}

const isWord = (lexeme: string) => /^[\p{L}'-]+$/u.test(lexeme);

/**
 * What a passage holding every word of the question in its title would score: the scale of BM25F.
 * Pasted addresses and numbers (`localhost:3000/api`, `2024`) say nothing of the topic: left out.
 */
function idealScore(corpus: Corpus, lexemes: string[]): number {
  return lexemes.filter(isWord).reduce((sum, lexeme) => sum + idf(corpus, lexeme) * (settings.k1 + 1), 0);
}

/**
 * A pasted address (`https://x.org/a`, `localhost:3000/api`, `example.com/jobs`) says nothing of the topic,
 * and its pieces (`api`, `org`) would count as question words that nothing covers.
 */
const pastedAddress = /\S*(?::\/\/|:\d+|\.[a-z]{2,}\/)\S*/gi;

/** The question's words (stop words left out) and the index, in one trip to the database. */
async function analyse(db: Database, question: string) {
  const written = [...new Set(wordsOf(question.replace(pastedAddress, ' ')))];
  const [row] = await db
    .execute<{ lexemes: Record<string, string | null>; signature: string }>(
      sql`select ${lexemesSql(written)} as lexemes, ${signatureSql} as signature`,
    )
    .then((result) => result.rows);
  const signature = row?.signature ?? '';
  let corpus = corpora.get(db);
  if (corpus?.signature !== signature) {
    const heard = announced.get(db);
    corpus = await loadCorpus(db, signature);
    // A write announced while the rows were read may have come after them: used this once, not kept.
    if (announced.get(db) === heard) corpora.set(db, corpus);
  }
  const vectors = wordVectors();
  const words: QuestionWord[] = written.flatMap((word) => {
    const lexeme = row?.lexemes[word];
    return lexeme ? [{ lexeme, row: vectors.index.get(word), weight: rarity(vectors, word) }] : [];
  });
  return { corpus, words };
}

export interface RankedPoint {
  point: KnowledgePoint;
  score: number;
}

/**
 * The points matching a question, best first. `relevantOnly` (Vale) keeps only those worth citing, and
 * none when nothing in the knowledge base fits; a search lists every match.
 */
export async function rankKnowledgePoints(
  db: Database,
  question: string,
  { relevantOnly }: { relevantOnly: boolean },
): Promise<RankedPoint[]> {
  const { corpus, words } = await analyse(db, question);
  if (words.length === 0 || corpus.points.length === 0) return [];
  const lexemes = [...new Set(words.map((word) => word.lexeme))];
  const ideal = idealScore(corpus, lexemes) || 1;
  const { perPoint, gap } = coverageOf(wordVectors(), words, corpus.points, (word) =>
    corpus.documentFrequency.has(word.lexeme),
  );
  const scored = corpus.points.map((indexed, i) => ({
    point: indexed.point,
    lexical: bm25(corpus, indexed, lexemes) / ideal,
    coverage: perPoint[i] ?? 0,
  }));
  // Coverage spread over the points, so that it weighs on the order rather than the level; BM25F
  // relative to the best.
  const low = Math.min(...scored.map((entry) => entry.coverage));
  const spread = Math.max(...scored.map((entry) => entry.coverage)) - low || 1;
  const topLexical = Math.max(...scored.map((entry) => entry.lexical)) || 1;
  const ranked = scored
    .filter((entry) => entry.lexical > 0 || entry.coverage > 0)
    .map((entry) => ({
      ...entry,
      score:
        (1 - settings.semantic) * (entry.lexical / topLexical) +
        settings.semantic * ((entry.coverage - low) / spread),
    }))
    .sort((x, y) => y.score - x.score || x.point.title.localeCompare(y.point.title));
  const best = ranked[0];
  if (!relevantOnly) return ranked.map(({ point, score }) => ({ point, score }));
  if (!best || gap > settings.maxGap || best.coverage < settings.minCoverage) return [];
  return ranked
    .filter((entry) => entry.score >= settings.minShareOfBest * best.score)
    .map(({ point, score }) => ({ point, score }));
}
