/**
 * `node server/scripts/lint-openapi.ts`: the OpenAPI document the server serves at /api/docs/json, held to
 * Redocly's `recommended` rules. Prints every problem and exits 1 on any error (warnings are reported).
 *
 * The document comes from the real app, built without listening: route schemas and plugins are what
 * make it, so nothing else could stand in for them. Building the app needs a database only because
 * getting ready starts the live-event listener and closes abandoned chat answers; a throwaway embedded
 * PostgreSQL in a temporary folder (the one `npm start` and the tests use) answers those, and is gone
 * afterwards. The environment is not read: no DATABASE_URL, Redis or bucket of the caller's is touched.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createConfig,
  formatProblems,
  getTotals,
  lintFromString,
  type NormalizedProblem,
} from '@redocly/openapi-core';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { applyMigrations } from '../src/db/migrate.ts';

/** Where problems point: the document as served, pretty-printed so that each has a line of its own. */
const documentName = 'openapi.json';

export interface OpenApiLint {
  /** The document as linted (its problems' lines and columns are in this text). */
  source: string;
  problems: NormalizedProblem[];
  errors: number;
  warnings: number;
}

/** Redocly's `recommended` rules on a document. */
export async function lintOpenApi(document: unknown): Promise<OpenApiLint> {
  const source = JSON.stringify(document, null, 2);
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source, absoluteRef: path.resolve(documentName), config });
  const { errors, warnings } = getTotals(problems);
  return { source, problems, errors, warnings };
}

/** The app's OpenAPI document, from the app built on a throwaway embedded database. */
export async function servedOpenApiDocument(): Promise<unknown> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'uplift-openapi-'));
  try {
    // mkdtemp makes it private; as root, PostgreSQL runs as `postgres` and must reach it.
    await chmod(dataDir, 0o755);
    const database = await startEmbeddedDatabase({ dataDir });
    try {
      const db = createDatabase(database.url);
      try {
        await applyMigrations(db);
        const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, BUILD_ID: 'openapi-lint' });
        const app = await buildApp({ config, db });
        try {
          const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
          if (response.statusCode !== 200) {
            throw new Error(`/api/docs/json answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
          }
          return response.json();
        } finally {
          await app.close();
        }
      } finally {
        await db.$client.end();
      }
    } finally {
      await database.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { problems, errors, warnings } = await lintOpenApi(await servedOpenApiDocument());
  if (problems.length > 0) {
    formatProblems(problems, {
      format: 'codeframe',
      totals: getTotals(problems),
      color: process.stdout.isTTY,
    });
  }
  console.log(`OpenAPI document (Redocly recommended): ${errors} errors, ${warnings} warnings`);
  process.exitCode = errors > 0 ? 1 : 0;
}
