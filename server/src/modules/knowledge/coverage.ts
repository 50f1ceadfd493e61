import { similarity, type WordVectors } from './word-vectors.ts';

/**
 * How much of a question each knowledge point covers, in general English word vectors: the semantic half
 * of Vale's retrieval (retrieval.ts) and the measure of its relevance floor (decision 0062).
 */

/** A word of the question: its stem, its row in the word vectors (when they know it), its rarity. */
export interface QuestionWord {
  lexeme: string;
  row: number | undefined;
  weight: number;
}

/** What coverage reads of a point: the stems of its title, tags, summary and questions, its words' rows. */
interface CoveredPoint {
  terms: Map<string, number>;
  headLexemes: Set<string>;
  headRows: number[];
  bodyRows: number[];
}

/** A body word counts this share of a title, tag, summary or question word. */
const bodyShare = 0.4;
/**
 * Vector similarity below this says little (most word pairs of a topic reach 0.3–0.5): it counts as
 * nothing, and above it counts in proportion.
 */
const similarityFloor = 0.5;
/** The vectors' first 20,000 words are in order of frequency; words past them are the rarest. */
const commonWords = 20_000;

/** How much a word says: "the" almost nothing, a word rarer than the 20,000 most frequent the most. */
export function rarity(vectors: WordVectors, word: string): number {
  const row = vectors.index.get(word);
  return Math.log(1 + Math.min(row ?? commonWords, commonWords) / 100);
}

/**
 * Each point's coverage of the question (0–1): each question word, weighted by its rarity, counts fully
 * when the point's title, tags, summary or questions hold its stem (at `bodyShare` when only the body
 * does), or else by the closest of the point's words in the vectors. And the question's `gap`: the
 * share of its known words (`isKnown`, or having a vector) that nothing in the knowledge base covers.
 * A word neither knows (a brand, a typo) is left out of the gap, which would otherwise hold it against
 * every question that names one.
 */
export function coverageOf(
  vectors: WordVectors,
  words: QuestionWord[],
  points: CoveredPoint[],
  isKnown: (word: QuestionWord) => boolean,
): { perPoint: number[]; gap: number } {
  const total = words.reduce((sum, { weight }) => sum + weight, 0) || 1;
  const closeness = (from: number, to: number) =>
    Math.max(0, (similarity(vectors, from, to) - similarityFloor) / (1 - similarityFloor));
  const bestAnywhere = words.map(() => 0);
  const perPoint = points.map((point) => {
    let sum = 0;
    words.forEach(({ lexeme, row, weight }, w) => {
      let best = point.headLexemes.has(lexeme) ? 1 : point.terms.has(lexeme) ? bodyShare : 0;
      if (best < 1 && row !== undefined) {
        for (const other of point.headRows) best = Math.max(best, closeness(row, other));
        for (const other of point.bodyRows) best = Math.max(best, bodyShare * closeness(row, other));
      }
      sum += weight * best;
      bestAnywhere[w] = Math.max(bestAnywhere[w] ?? 0, best);
    });
    return sum / total;
  });
  let knownWeight = 0;
  let uncovered = 0;
  words.forEach((word, w) => {
    if (word.row === undefined && !isKnown(word)) return;
    knownWeight += word.weight;
    uncovered += word.weight * (1 - (bestAnywhere[w] ?? 0));
  });
  return { perPoint, gap: knownWeight ? uncovered / knownWeight : 1 };
}
