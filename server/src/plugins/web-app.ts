import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPagePath } from '@uplift/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { compressPage, compressPageInBackground, encodedPage } from './compressed-page.ts';
import { errorBody } from './errors.ts';
import { withPageHead, type PageHeadSource } from './page-head.ts';
import { loadPrerenderedPages, wantsPrerenderedPage } from './prerendered-pages.ts';
import { createVisitorPages } from './visitor-pages.ts';

/**
 * Serves the built single-page app. Paths outside /api that match no file get index.html, so the
 * client router draws the page; a path that is no page of the route table gets the same app with status
 * 404 (it draws "Page not found"), and a missing build file a plain 404. Hashed assets are cached for a
 * year; index.html never.
 */
/**
 * Paths that name a file of the build (its assets folder, or a file type the app ships) rather than a
 * client route. Answering them with index.html would hand HTML to a script tag, and a tab still running
 * an older build would hang on a chunk that no longer exists instead of noticing and reloading.
 */
const staticFile =
  /^\/assets\/|\.(?:js|mjs|css|map|json|webmanifest|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|txt|xml)$/i;

export interface WebAppOptions {
  distDir: string;
  /** Where members reach the app (absolute links in page heads); unset: the request's own origin. */
  publicUrl?: string;
  /** Pages whose head the server writes, and which answer 404 when their subject is gone. */
  pageHeads?: readonly PageHeadSource[];
}

export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  const indexPath = path.join(options.distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distDir: options.distDir }, 'web app not built; run `npm run build`');
  } else {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The build's brotli and gzip copies (web/scripts/precompress.ts): no request compresses the code again.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexSource = existsSync(indexPath) ? await readFile(indexPath, 'utf8') : null;
  const indexHtml = indexSource === null ? null : compressPage(indexSource);
  const prerenderedHtml = await loadPrerenderedPages(options.distDir);
  const prerendered = new Map([...prerenderedHtml].map(([pathname, html]) => [pathname, compressPage(html)]));
  const pageWithData = createVisitorPages(app, { distDir: options.distDir, prerendered: prerenderedHtml });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (staticFile.test(pathname)) {
      // Not cached: the next deployment may bring it.
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send(errorBody(request, 404, `No file at ${pathname}`));
    }
    const wantsApp =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/api(\/|$)/.test(pathname);
    const headSource = wantsApp
      ? options.pageHeads?.find((source) => source.pattern.test(pathname))
      : undefined;
    if (headSource && indexSource !== null) {
      const param = decodeURIComponent(headSource.pattern.exec(pathname)?.[1] ?? '');
      const origin = (options.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
      const head = await headSource.head(param, origin);
      // Gone (never shared, or no longer): the app draws its own "not available" page, with a 404.
      const page = head ? await compressPageInBackground(withPageHead(indexSource, head)) : indexHtml;
      const { body, encoding } = encodedPage(
        page ?? compressPage(indexSource),
        request.headers['accept-encoding'],
      );
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .code(head ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .send(body);
    }
    if (wantsApp && indexHtml !== null) {
      const visitor = wantsPrerenderedPage(request);
      const page =
        (visitor ? ((await pageWithData(request.url)) ?? prerendered.get(pathname)) : undefined) ?? indexHtml;
      const { body, encoding } = encodedPage(page, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return (
        reply
          .code(isPagePath(pathname) ? 200 : 404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          // Visitors and members get different pages at one address, each in the encoding asked for.
          .header('vary', 'cookie, accept-encoding')
          .send(body)
      );
    }
    return reply.code(404).send(errorBody(request, 404, `No API route for ${request.method} ${pathname}`));
  });
});
