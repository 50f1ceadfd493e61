/**
 * Where the server's TypeScript goes with its types stripped at build time (strip-types.mjs), and which
 * copy `npm start` may load instead of its source (preloaded-types.mjs).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const strippedRoot = path.join(repoRoot, 'server', 'dist', 'stripped');

/** The copy of a source file: its path under the repository, under strippedRoot, ending in .js. */
export const strippedPath = (source) => path.join(strippedRoot, path.relative(repoRoot, source)) + '.js';

/**
 * The stripped text of a module URL, or null when Node should load it itself: not our TypeScript, no copy,
 * or a source changed after its copy was made (a copy never hides an edit).
 */
export function strippedSource(url) {
  if (!url.startsWith('file:') || !url.endsWith('.ts') || url.includes('/node_modules/')) return null;
  const source = fileURLToPath(url);
  const copy = strippedPath(source);
  const copied = statSync(copy, { throwIfNoEntry: false });
  if (!copied || copied.mtimeMs < statSync(source).mtimeMs) return null;
  return readFileSync(copy, 'utf8');
}
