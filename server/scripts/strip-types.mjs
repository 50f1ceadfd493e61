/**
 * Part of `npm run build`: writes the server's TypeScript, and the contracts it imports, with the types
 * stripped, for `npm start` to load (preloaded-types.mjs). 'strip' mode blanks the types out with spaces,
 * so every line and column stays the source's.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { stripTypeScriptTypes } from 'node:module';
import path from 'node:path';
import { repoRoot, strippedPath, strippedRoot } from './stripped-copies.mjs';

/** Every module the server can load: tests excluded. */
async function* sources(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* sources(file);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield file;
  }
}

await rm(strippedRoot, { recursive: true, force: true });
let count = 0;
for (const folder of ['server/src', 'contracts/src']) {
  for await (const file of sources(path.join(repoRoot, folder))) {
    const copy = strippedPath(file);
    await mkdir(path.dirname(copy), { recursive: true });
    await writeFile(copy, stripTypeScriptTypes(await readFile(file, 'utf8'), { mode: 'strip' }));
    count += 1;
  }
}
console.log(`stripped the types of ${count} files into ${path.relative(repoRoot, strippedRoot)}`);
