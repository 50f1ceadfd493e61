import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client.ts';
import { startEmbeddedDatabase } from '../src/db/embedded.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { adminQuery, withDatabase } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance connection URL of the PostgreSQL server the suite runs on. */
    databaseServerUrl: string;
    /** Name of the migrated template each test file clones its own database from. */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL per run: the embedded one (default), or the server at DATABASE_URL. Migrations run once
 * into a template database; every test file then clones a fresh database from it (test/database.ts).
 */
export default async function setup(project: TestProject) {
  const target = process.env.TEST_DATABASE_TARGET ?? 'embedded';
  let stopServer = async () => {};
  let serverUrl: string;
  if (target === 'external') {
    if (!process.env.DATABASE_URL) throw new Error('TEST_DATABASE_TARGET=external needs DATABASE_URL');
    serverUrl = process.env.DATABASE_URL;
  } else {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'uplift-test-db-'));
    // mkdtemp makes it private; as root, PostgreSQL runs as `postgres` and must reach it.
    await chmod(dataDir, 0o755);
    const embedded = await startEmbeddedDatabase({ dataDir });
    serverUrl = embedded.url;
    stopServer = async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }

  const templateDatabase = `uplift_template_${process.pid}_${Date.now()}`;
  await adminQuery(serverUrl, `create database "${templateDatabase}"`);
  const templateDb = createDatabase(withDatabase(serverUrl, templateDatabase));
  await applyMigrations(templateDb);
  await templateDb.$client.end();

  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await dropDatabases(serverUrl, templateDatabase);
    await stopServer();
  };
}

/** Drops the template and every per-file clone of this run (they share the template's name as prefix). */
async function dropDatabases(serverUrl: string, templateDatabase: string) {
  const rows = await adminQuery<{ datname: string }>(
    serverUrl,
    'select datname from pg_database where datname = $1 or datname like $2',
    [templateDatabase, `${templateDatabase}_f%`],
  );
  for (const { datname } of rows) {
    await adminQuery(serverUrl, `drop database if exists "${datname}" with (force)`);
  }
}
