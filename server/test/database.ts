import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../src/db/client.ts';
import { adminQuery, withDatabase } from './postgres-admin.ts';

export interface TestDatabase {
  db: Database;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database cloned from the run's template: each test file gets its own. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('databaseServerUrl');
  const template = inject('templateDatabase');
  const name = `${template}_f${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}" template "${template}"`);
  const url = withDatabase(serverUrl, name);
  const db = createDatabase(url);
  return {
    db,
    url,
    async drop() {
      await db.$client.end();
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
