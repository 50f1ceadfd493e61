import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../../test/postgres-admin.ts';
import { createDatabase, type Database } from './client.ts';
import { applyMigrations } from './migrate.ts';

/** Two instances starting together on a database nobody has migrated yet, as after a first deploy. */
describe('applyMigrations from two instances at once', () => {
  const serverUrl = inject('databaseServerUrl');
  // Empty, not cloned from the migrated template: every migration is still to run.
  const name = `uplift_migrate_${randomBytes(4).toString('hex')}`;
  let instances: Database[] = [];

  beforeAll(async () => {
    await adminQuery(serverUrl, `create database "${name}"`);
    instances = [0, 1].map(() => createDatabase(withDatabase(serverUrl, name)));
  });

  afterAll(async () => {
    await Promise.all(instances.map((db) => db.$client.end()));
    await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
  });

  it('both succeed, and each migration is applied once', async () => {
    await Promise.all(instances.map((db) => applyMigrations(db)));
    const [first] = instances;
    const applied = await first!.execute<{ hash: string; n: number }>(
      sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
    );
    const journal = JSON.parse(
      await readFile(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: unknown[] };
    expect(applied.rows).toHaveLength(journal.entries.length);
    expect(applied.rows.every((row) => row.n === 1)).toBe(true);
    // A third start later finds nothing to do.
    await applyMigrations(first!);
  });
});
