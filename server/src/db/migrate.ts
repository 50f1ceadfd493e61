import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Database } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** The advisory lock every instance takes to migrate; any constant no other code uses would do. */
const migrationLockKey = 0x75706c69; // "upli" in ASCII

/**
 * Applies the committed SQL migrations that this database has not seen yet, then `andThen` (the demo
 * seed, which counts before it inserts) while still holding the lock. Instances starting together take
 * turns: drizzle's migrator reads the last applied migration before its transaction, so two at once would
 * both apply the same ones and the second would fail on tables that already exist.
 */
export async function applyMigrations(db: Database, andThen?: () => Promise<void>): Promise<void> {
  // This connection holds the lock and runs the migrations; `andThen` uses the pool's other connections.
  const client = await db.$client.connect();
  try {
    // Polled rather than waited on in one statement, which statement_timeout would cut short while
    // another instance runs a long migration.
    while (!(await tryLock(client))) await sleep(100);
    await migrate(drizzle(client), { migrationsFolder });
    await andThen?.();
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]);
    client.release();
  } catch (error) {
    // Closing the connection frees the lock too, whatever state the failure left it in.
    client.release(true);
    throw error;
  }
}

async function tryLock(client: pg.PoolClient): Promise<boolean> {
  const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
    migrationLockKey,
  ]);
  return result.rows[0]?.locked === true;
}
