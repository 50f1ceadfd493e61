import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressAssets } from './precompress-assets.ts';

describe('precompressed copies of the build', () => {
  let dist: string;
  beforeEach(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
    await mkdir(path.join(dist, 'assets'));
    await mkdir(path.join(dist, 'prerendered'));
  });
  afterEach(() => rm(dist, { recursive: true }));

  const code = 'export const greeting = () => "hello from a chunk";\n'.repeat(100);

  it('writes a brotli and a gzip copy of each text file that decode to its bytes', async () => {
    await writeFile(path.join(dist, 'assets', 'index-abc.js'), code);
    await writeFile(path.join(dist, 'sw.js'), code);
    const written = await precompressAssets(dist);
    expect(written.map((file) => file.file)).toEqual([path.join('assets', 'index-abc.js'), 'sw.js']);
    const br = await readFile(path.join(dist, 'assets', 'index-abc.js.br'));
    const gz = await readFile(path.join(dist, 'assets', 'index-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(code);
    expect(gunzipSync(gz).toString()).toBe(code);
    // The strongest settings: far smaller than the file.
    expect(br.length).toBeLessThan(code.length / 20);
  });

  it('leaves alone small files, pictures, the pages the server compresses itself, and its own copies', async () => {
    await writeFile(path.join(dist, 'assets', 'tiny.js'), 'export {};\n');
    await writeFile(path.join(dist, 'assets', 'photo.webp'), code);
    await writeFile(path.join(dist, 'index.html'), `<script>${code}</script>`);
    await writeFile(path.join(dist, 'prerendered', 'partners.html'), `<p>${code}</p>`);
    await writeFile(path.join(dist, 'prerendered', 'manifest.json'), JSON.stringify({ pages: code }));
    await writeFile(path.join(dist, 'assets', 'index-abc.js'), code);
    await precompressAssets(dist);
    // Run again, as a second build step might: the copies are not compressed in turn.
    await precompressAssets(dist);
    const files = await readdir(dist, { recursive: true });
    expect(files.filter((file) => /\.(br|gz)$/.test(file)).sort()).toEqual([
      path.join('assets', 'index-abc.js.br'),
      path.join('assets', 'index-abc.js.gz'),
    ]);
  });
});
