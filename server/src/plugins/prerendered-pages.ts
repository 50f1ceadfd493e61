import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sessionCookieNames } from '@uplift/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * The public first screens the web build prerendered (web/scripts/prerender.ts, decision 0035), by path:
 * each is index.html with the signed-out page already drawn, so a visitor's phone paints it before any
 * script arrives. Empty when the build has none.
 */
export async function loadPrerenderedPages(distDir: string): Promise<Map<string, string>> {
  const folder = path.join(distDir, 'prerendered');
  const manifestPath = path.join(folder, 'manifest.json');
  if (!existsSync(manifestPath)) return new Map();
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, string>;
  const pages = new Map<string, string>();
  for (const [pathname, fileName] of Object.entries(manifest)) {
    pages.set(pathname, await readFile(path.join(folder, path.basename(fileName)), 'utf8'));
  }
  return pages;
}

/**
 * Who gets a prerendered page: a browser with no session cookie. A member's screens differ (their tabs,
 * their data), so they keep the plain shell, as do the native shells, which never ask the server for pages.
 */
export function wantsPrerenderedPage(request: FastifyRequest): boolean {
  return Object.values(sessionCookieNames).every((name) => request.cookies[name] === undefined);
}
