import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { coverageOf, rarity, type QuestionWord } from './coverage.ts';
import { wordVectors } from './word-vectors.ts';
import { wordsOf } from './words.ts';

/**
 * Vale's retrieval over the product's own screens (issue 41.3, decision 0072): partners, videos and the
 * skills assessments, given by their modules as plain documents. The same method as the knowledge base's
 * (retrieval.ts): BM25F over the stemmed words of the title, tags and body, fused with how much of the
 * question the document covers in general English word vectors (coverage.ts). The scores are absolute
 * (shares of what a perfect match would score), so the caller's floor says whether a document is worth
 * naming; the settings were chosen on the tuning half of chat's product-eval.json.
 */
const settings = {
  title: 5,
  tags: 2,
  k1: 1.2,
  b: 0.75,
  /** Share of the fused score that comes from the coverage; the rest from BM25F. */
  semantic: 0.3,
};

/** A screen as retrieval reads it; `id` is handed back with its score. */
export interface RankableDocument {
  id: string;
  title: string;
  tags: string[];
  body: string;
}

interface IndexedDocument {
  id: string;
  terms: Map<string, number>;
  length: number;
  headLexemes: Set<string>;
  headRows: number[];
  bodyRows: number[];
}

interface DocumentIndex {
  documents: IndexedDocument[];
  documentFrequency: Map<string, number>;
  averageLength: number;
}

/** Each word's lexeme under PostgreSQL's English configuration (null for a stop word). */
async function lexemesOf(db: Database, words: string[]): Promise<Map<string, string | null>> {
  const result = await db.execute<{ lexemes: Record<string, string | null> }>(sql`select (
    select coalesce(json_object_agg(w, (select min(lexeme) from unnest(to_tsvector('english', w)))), '{}')
    from json_array_elements_text(${JSON.stringify(words)}::json) as w
  ) as lexemes`);
  return new Map(Object.entries(result.rows[0]?.lexemes ?? {}));
}

/** The stems of every word, kept across searches: the screens' words change little. */
const knownLexemes = new Map<string, string | null>();
const maxKnownLexemes = 50_000;

async function lexemeMap(db: Database, words: string[]): Promise<Map<string, string | null>> {
  const missing = [...new Set(words)].filter((word) => !knownLexemes.has(word));
  if (missing.length > 0) {
    if (knownLexemes.size + missing.length > maxKnownLexemes) knownLexemes.clear();
    for (const [word, lexeme] of await lexemesOf(db, missing)) knownLexemes.set(word, lexeme);
  }
  return knownLexemes;
}

function indexDocuments(documents: RankableDocument[], lexemeOf: Map<string, string | null>): DocumentIndex {
  const vectors = wordVectors();
  const documentFrequency = new Map<string, number>();
  const indexed = documents.map((document) => {
    const terms = new Map<string, number>();
    let length = 0;
    const add = (words: string[], weight: number) => {
      for (const word of words) {
        const lexeme = lexemeOf.get(word);
        if (!lexeme) continue;
        terms.set(lexeme, (terms.get(lexeme) ?? 0) + weight);
        length += 1;
      }
    };
    const title = wordsOf(document.title);
    const tags = wordsOf(document.tags.join(' '));
    const body = wordsOf(document.body);
    add(title, settings.title);
    add(tags, settings.tags);
    add(body, 1);
    for (const lexeme of terms.keys())
      documentFrequency.set(lexeme, (documentFrequency.get(lexeme) ?? 0) + 1);
    const head = [...title, ...tags];
    const rowsOf = (words: string[]) => [
      ...new Set(words.filter((word) => lexemeOf.get(word)).flatMap((word) => vectors.index.get(word) ?? [])),
    ];
    return {
      id: document.id,
      terms,
      length,
      headLexemes: new Set(head.flatMap((word) => lexemeOf.get(word) ?? [])),
      headRows: rowsOf(head),
      bodyRows: rowsOf(body),
    };
  });
  const averageLength = indexed.reduce((sum, document) => sum + document.length, 0) / (indexed.length || 1);
  return { documents: indexed, documentFrequency, averageLength };
}

export interface RankedDocument {
  id: string;
  score: number;
}

/**
 * The documents matching a question, best first, with their fused score (0–1, 1 when the title holds
 * every word of the question).
 */
export async function rankDocuments(
  db: Database,
  question: string,
  documents: RankableDocument[],
): Promise<RankedDocument[]> {
  if (documents.length === 0) return [];
  const written = [...new Set(wordsOf(question))];
  const allWords = documents.flatMap((document) =>
    wordsOf(`${document.title} ${document.tags.join(' ')} ${document.body}`),
  );
  const lexemeOf = await lexemeMap(db, [...written, ...allWords]);
  const index = indexDocuments(documents, lexemeOf);
  const vectors = wordVectors();
  const words: QuestionWord[] = written.flatMap((word) => {
    const lexeme = lexemeOf.get(word);
    return lexeme ? [{ lexeme, row: vectors.index.get(word), weight: rarity(vectors, word) }] : [];
  });
  if (words.length === 0) return [];
  const n = index.documents.length;
  const idf = (lexeme: string) => {
    const df = index.documentFrequency.get(lexeme) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  const { k1, b } = settings;
  // A question word's weight is its rarity in English, so "a course" does not count as "funding".
  const ideal = words.reduce((sum, word) => sum + word.weight * idf(word.lexeme) * (k1 + 1), 0) || 1;
  const { perPoint } = coverageOf(vectors, words, index.documents, () => true);
  return index.documents
    .map((document, i) => {
      const norm = k1 * (1 - b + (b * document.length) / (index.averageLength || 1));
      let lexical = 0;
      for (const word of words) {
        const found = document.terms.get(word.lexeme);
        if (found) lexical += word.weight * idf(word.lexeme) * ((found * (k1 + 1)) / (found + norm));
      }
      const score = (1 - settings.semantic) * (lexical / ideal) + settings.semantic * (perPoint[i] ?? 0);
      return { id: document.id, score };
    })
    .filter((entry) => entry.score > 0)
    .sort((x, y) => y.score - x.score || x.id.localeCompare(y.id));
}
