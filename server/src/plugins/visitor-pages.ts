import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { compressPageInBackground, type CompressedPage } from './compressed-page.ts';

/**
 * What the web build's page renderer offers the server (web/src/prerender.tsx, bundled for Node into
 * `<dist>-server/page-renderer.mjs` by `npm run build`).
 */
export interface PageRenderer {
  /** The public reads the page at `pathname` opens with, as URLs the app asks for. */
  firstReadsOf(pathname: string): string[];
  /** The prerendered page drawn again with those reads' answers (parsed JSON, by URL), and carrying them. */
  renderWithFirstReads(
    prerenderedPage: string,
    pathname: string,
    bodies: Readonly<Record<string, unknown>>,
  ): Promise<string>;
}

export function pageRendererPath(distDir: string): string {
  return path.join(path.dirname(distDir), `${path.basename(distDir)}-server`, 'page-renderer.mjs');
}

interface Answer {
  payload: string | Buffer;
  etag: string;
}

/**
 * A visitor's first screens drawn with their data (decision 0035). Drawn at build time, `/` and
 * `/community` showed skeletons where their largest element, the first poster or post, would come only
 * after the scripts and an API read; here the server draws them with the public reads it already caches.
 * Each page is drawn once per version of its reads (their ETags, checked on every request, so a change on
 * any instance shows on the next visit) and compressed off the event loop; a page whose reads or renderer
 * fail is sent as drawn at build time.
 */
export function createVisitorPages(
  app: FastifyInstance,
  { distDir, prerendered }: { distDir: string; prerendered: ReadonlyMap<string, string> },
): (url: string) => Promise<CompressedPage | undefined> {
  let renderer: Promise<PageRenderer | null> | undefined;
  const loadRenderer = () => {
    renderer ??= (async () => {
      const file = pageRendererPath(distDir);
      if (!existsSync(file)) return null;
      // Loaded on the first visitor's page, not at start: members and the API never need it.
      return (await import(pathToFileURL(file).href)) as PageRenderer;
    })().catch((error: unknown) => {
      app.log.error({ err: error }, 'visitor pages: the page renderer failed to load');
      return null;
    });
    return renderer;
  };

  // The same answer a visitor's app would get: from the public cache, or through the route, which fills it.
  // A read that fails (the database away, the server closing) leaves the visitor the page drawn at build
  // time, never an error page.
  const readPublic = async (url: string): Promise<Answer | null> => {
    const cached = app.publicCache.read(url);
    if (cached) return cached;
    try {
      const response = await app.inject({ method: 'GET', url });
      if (response.statusCode !== 200) return null;
      const etag = response.headers.etag;
      return {
        payload: response.body,
        etag: typeof etag === 'string' ? etag : createHash('sha1').update(response.body).digest('base64url'),
      };
    } catch (error) {
      app.log.warn({ err: error, url }, 'visitor pages: a first read failed');
      return null;
    }
  };

  const drawn = new Map<string, { version: string; page: Promise<CompressedPage | undefined> }>();

  return async (url) => {
    // A page opened with a search or filter in its address shows other data than the first reads.
    if (url.includes('?')) return undefined;
    const pathname = url;
    const prerenderedPage = prerendered.get(pathname);
    if (prerenderedPage === undefined) return undefined;
    const pageRenderer = await loadRenderer();
    const urls = pageRenderer?.firstReadsOf(pathname) ?? [];
    if (!pageRenderer || urls.length === 0) return undefined;
    const answers = await Promise.all(urls.map(readPublic));
    if (answers.some((answer) => answer === null)) return undefined;
    const version = answers.map((answer) => answer?.etag).join(' ');
    const current = drawn.get(pathname);
    if (current?.version === version) return current.page;
    const draw = async () => {
      const bodies = Object.fromEntries(
        urls.map((url, index) => [url, JSON.parse(String(answers[index]?.payload)) as unknown]),
      );
      return compressPageInBackground(
        await pageRenderer.renderWithFirstReads(prerenderedPage, pathname, bodies),
      );
    };
    const page = draw().catch((error: unknown) => {
      app.log.error({ err: error, pathname }, 'visitor pages: drawing a page with its data failed');
      // Drawn again on the next visit; this one gets the page drawn at build time.
      if (drawn.get(pathname)?.page === page) drawn.delete(pathname);
      return undefined;
    });
    drawn.set(pathname, { version, page });
    return page;
  };
}
