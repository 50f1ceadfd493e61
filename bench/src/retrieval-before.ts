import { sql } from 'drizzle-orm';
import type { KnowledgePoint } from '@uplift/contracts';
import type { Database } from '../../server/src/db/client.ts';
import { knowledgePoints } from '../../server/src/db/schema.ts';
import { synonymGroups } from './retrieval-before-synonyms.ts';

/**
 * The retrieval Vale had before issue 41 (decision 0015's BM25F with synonym lists fitted to the project's
 * own questions), kept here unchanged but for its cache so that every bench run measures it next to the
 * current one on the same database: "before" and "after" come from one run.
 */

/** Occurrences in a title count 5 times, in tags twice, in the body once (BM25F field weights). */
const fieldWeight: Record<string, number> = { A: 5, B: 2, C: 1, D: 1 };
const k1 = 1.2;
const b = 0.75;
/** A synonym weighs this much of a word the member wrote. */
const synonymWeight = 0.7;
/**
 * A passage is relevant when its score reaches this share of an ideal match's (every question word in
 * the title): below it, the passage shares only a common word or two with the question.
 */
const minRelevance = 0.12;
/** Passages far behind the best one are not worth citing next to it. */
const minShareOfBest = 0.3;

/** A word's occurrences in one point, each counted with its field's weight. */
interface Term {
  weighted: number;
}

interface IndexedPoint {
  point: KnowledgePoint;
  terms: Map<string, Term>;
  length: number;
}

interface Corpus {
  signature: string;
  points: IndexedPoint[];
  documentFrequency: Map<string, number>;
  averageLength: number;
}

const corpora = new WeakMap<Database, Corpus>();

const signatureSql = sql<string>`(
  select count(*) || ':' || coalesce(max(${knowledgePoints.createdAt})::text, '') from ${knowledgePoints}
)`;

async function loadCorpus(db: Database, signature: string): Promise<Corpus> {
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
      lexemes: sql<Array<{ l: string; p: number[]; w: string[] }>>`(
        select coalesce(json_agg(json_build_object('l', t.lexeme, 'p', t.positions, 'w', t.weights)), '[]')
        from unnest(${knowledgePoints.search}) as t
      )`,
    })
    .from(knowledgePoints);
  const documentFrequency = new Map<string, number>();
  const points = rows.map(({ lexemes, ...point }) => {
    const terms = new Map<string, Term>();
    let length = 0;
    for (const { l, p, w } of lexemes) {
      const weighted = w.reduce((sum, weight) => sum + (fieldWeight[weight] ?? 1), 0);
      terms.set(l, { weighted });
      length += p.length;
      documentFrequency.set(l, (documentFrequency.get(l) ?? 0) + 1);
    }
    return { point, terms, length };
  });
  const averageLength = points.reduce((sum, point) => sum + point.length, 0) / Math.max(points.length, 1);
  return { signature, points, documentFrequency, averageLength };
}

/** Lower case, accents removed, punctuation as spaces: the form synonym phrases are matched in. */
function normalise(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}:]+/gu, ' ')
    .trim()} `;
}

/** The other phrases of every synonym group the question uses, as one text to stem. */
function synonymsOf(question: string): string {
  const text = normalise(question);
  const related = new Set<string>();
  for (const group of synonymGroups) {
    if (group.some((phrase) => text.includes(` ${phrase} `))) {
      for (const phrase of group) if (!text.includes(` ${phrase} `)) related.add(phrase);
    }
  }
  return [...related].join(' ');
}

interface QueryTerm {
  lexeme: string;
  weight: number;
}

/** The question's stemmed words and its synonyms', and the index's signature, in one trip. */
async function analyse(db: Database, question: string) {
  const [row] = await db
    .execute<{
      asked: string[] | null;
      related: string[] | null;
      signature: string;
    }>(
      sql`select
    (select json_agg(lexeme) from unnest(to_tsvector('english', ${question}))) as asked,
    (select json_agg(lexeme) from unnest(to_tsvector('english', ${synonymsOf(question)}))) as related,
    ${signatureSql} as signature`,
    )
    .then((result) => result.rows);
  const terms: QueryTerm[] = (row?.asked ?? []).map((lexeme) => ({ lexeme, weight: 1 }));
  const asked = new Set(terms.map((term) => term.lexeme));
  for (const lexeme of row?.related ?? []) {
    if (!asked.has(lexeme)) terms.push({ lexeme, weight: synonymWeight });
  }
  return { terms, signature: row?.signature ?? '' };
}

function idf(corpus: Corpus, lexeme: string): number {
  const n = corpus.points.length;
  const df = corpus.documentFrequency.get(lexeme) ?? 0;
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

function score(corpus: Corpus, indexed: IndexedPoint, terms: QueryTerm[]): number {
  const norm = k1 * (1 - b + (b * indexed.length) / corpus.averageLength);
  let total = 0;
  for (const term of terms) {
    const found = indexed.terms.get(term.lexeme);
    if (!found) continue;
    total += term.weight * idf(corpus, term.lexeme) * ((found.weighted * (k1 + 1)) / (found.weighted + norm));
  }
  return total;
}

const isWord = (lexeme: string) => /^[\p{L}'-]+$/u.test(lexeme);

/**
 * What a passage holding every written word in its title would score: the scale for `minRelevance`.
 * Pasted addresses and numbers (`localhost:3000/api`, `2024`) say nothing of the topic: left out.
 */
function idealScore(corpus: Corpus, terms: QueryTerm[]): number {
  return terms
    .filter((term) => term.weight === 1 && isWord(term.lexeme))
    .reduce((sum, term) => sum + idf(corpus, term.lexeme) * (k1 + 1), 0);
}

export interface RankedPoint {
  point: KnowledgePoint;
  score: number;
}

/**
 * The points matching any word of a question, best first. `relevantOnly` (Vale) keeps only those worth
 * citing, and none when nothing in the knowledge base fits; a search lists every match.
 */
export async function rankBefore(
  db: Database,
  question: string,
  { relevantOnly }: { relevantOnly: boolean },
): Promise<RankedPoint[]> {
  const { terms, signature } = await analyse(db, question);
  let corpus = corpora.get(db);
  if (corpus?.signature !== signature) {
    corpus = await loadCorpus(db, signature);
    corpora.set(db, corpus);
  }
  if (terms.length === 0 || corpus.points.length === 0) return [];
  const ideal = idealScore(corpus, terms);
  const ranked = corpus.points
    .map((indexed) => ({ point: indexed.point, score: score(corpus, indexed, terms) }))
    .filter((ranked) => ranked.score > 0)
    .sort((x, y) => y.score - x.score || x.point.title.localeCompare(y.point.title));
  if (!relevantOnly) return ranked;
  const best = ranked[0]?.score ?? 0;
  if (best < minRelevance * ideal) return [];
  return ranked.filter((ranked) => ranked.score >= minShareOfBest * best);
}
