/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build that the server sends
 * as it is (decision 0042). The server's static files plugin sends the copy the browser accepts, so no
 * visitor's request compresses the app's code again, and the copies are made at the strongest settings,
 * which would be far too slow per request: brotli quality 11 instead of the 4 used on the fly.
 * index.html and the prerendered pages are not here: the server compresses those itself as it starts.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The server compresses nothing smaller (compressFromBytes in server/src/plugins/compressed-page.ts). */
export const smallestCompressedBytes = 1024;
const textFile = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml)$/i;
/** Served by the server from memory, compressed as it starts. */
const servedFromMemory = (relative: string) =>
  relative === 'index.html' || relative.split(path.sep)[0] === 'prerendered';

export interface PrecompressedFile {
  file: string;
  bytes: number;
  br?: number;
  gzip?: number;
}

/** The file's copies, or null when it is too small to be worth them. */
async function precompress(distDir: string, relative: string): Promise<PrecompressedFile | null> {
  const file = path.join(distDir, relative);
  const body = await readFile(file);
  if (body.length < smallestCompressedBytes) return null;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipped(body, { level: 9 }),
  ]);
  const written: PrecompressedFile = { file: relative, bytes: body.length };
  // A copy no smaller than the file would only cost the browser the decoding.
  if (br.length < body.length) {
    await writeFile(`${file}.br`, br);
    written.br = br.length;
  }
  if (gz.length < body.length) {
    await writeFile(`${file}.gz`, gz);
    written.gzip = gz.length;
  }
  return written;
}

/** Compresses every text file of `distDir` of at least 1 KB; returns what was written. */
export async function precompressAssets(distDir: string): Promise<PrecompressedFile[]> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && textFile.test(entry.name))
    .map((entry) => path.relative(distDir, path.join(entry.parentPath, entry.name)))
    .filter((relative) => !servedFromMemory(relative))
    .sort();
  const written = await Promise.all(files.map((relative) => precompress(distDir, relative)));
  return written.filter((file) => file !== null);
}
