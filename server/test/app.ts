import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { createTestDatabase } from './database.ts';

export const fixtureWebDist = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/**
 * The real application on a fresh database of its own, driven through `app.inject`. It gets a data folder of
 * its own too, unless the test names one: an app clears what a crash left in its folder when it starts
 * (uploads/single-file.ts), so apps of files running side by side must never share one (one test's upload
 * vanished mid-request when another file's app started, CI 2026-12-08).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: { write(line: string): void };
    /** Runs on the built app before it is ready: a test's own hooks apply to every route from here. */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const ownDataDir = env.DATA_DIR ? null : await mkdtemp(path.join(os.tmpdir(), 'uplift-test-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: fixtureWebDist,
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...env,
  });
  const app = await buildApp({ config, db: database.db, logStream: options.logStream });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.drop();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}
