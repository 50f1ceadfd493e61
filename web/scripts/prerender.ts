/**
 * Prerenders the public first screens into dist/prerendered/ (decision 0035): builds src/prerender.tsx for
 * Node, renders each page signed out with React DOM's server renderer (decision 0053), and
 * writes it into a copy of dist/index.html, with a manifest the server reads. The server sends these to
 * visitors without a session; members, the service worker and the native shells keep index.html.
 * The bundle stays in dist-server/page-renderer.mjs, outside what is served or shipped in the shells: the
 * server draws those pages again with their first reads when the data changes.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import type * as PrerenderEntry from '../src/prerender.tsx';
import {
  pageModulePreloads,
  prerenderedFileName,
  withPrerenderedPage,
  type ViteManifest,
} from './prerender-html.ts';
import { prerenderedPages as pages } from './prerendered-pages.ts';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(webRoot, 'dist');
const bundleDir = path.join(webRoot, 'dist-server');

await build({
  root: webRoot,
  configFile: false,
  logLevel: 'warn',
  mode: 'production',
  // Everything bundled: the server loads the bundle from dist-server/ without the web workspace's packages.
  ssr: { noExternal: true },
  // React's production build, as the browser gets (an SSR build otherwise leaves the check to run time).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: path.join(webRoot, 'src', 'prerender.tsx'),
    outDir: bundleDir,
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: {
      output: { entryFileNames: 'page-renderer.mjs', codeSplitting: false },
      // TanStack Query's "use client" marks mean nothing in one server bundle that never streams to a client.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
const { renderPage } = (await import(
  pathToFileURL(path.join(bundleDir, 'page-renderer.mjs')).href
)) as typeof PrerenderEntry;
const indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8');
const viteManifest = JSON.parse(
  await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
) as ViteManifest;
await mkdir(path.join(distDir, 'prerendered'), { recursive: true });
const manifest: Record<string, string> = {};
for (const { path: pathname, module, apiReads } of pages) {
  const fileName = prerenderedFileName(pathname);
  await writeFile(
    path.join(distDir, 'prerendered', fileName),
    withPrerenderedPage(indexHtml, await renderPage(pathname), {
      apiReads,
      modulePreloads: pageModulePreloads(viteManifest, module, indexHtml),
    }),
  );
  manifest[pathname] = fileName;
}
await writeFile(path.join(distDir, 'prerendered', 'manifest.json'), `${JSON.stringify(manifest)}\n`);
// Vite's manifest served only this: it would otherwise ship in the build (and the native shells' copies).
await rm(path.join(distDir, '.vite'), { recursive: true, force: true });
console.log(`prerendered ${pages.map((page) => page.path).join(', ')}`);
