import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { createDatabase, type Database } from './client.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.ts';
import { applyMigrations } from './migrate.ts';

export interface OpenDatabase {
  db: Database;
  /**
   * Applies pending migrations, then `afterMigrations` (main.ts: the idempotent demo seed), one starting
   * instance at a time.
   */
  prepare(afterMigrations?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/**
 * `DATABASE_URL` when set; otherwise a private embedded PostgreSQL in DATA_DIR. `log` hears where the
 * embedded one keeps its files when it cannot use DATA_DIR, and when it is restarted.
 */
export async function openDatabase(
  config: Config,
  log: (message: string) => void = () => {},
): Promise<OpenDatabase> {
  let connectionString = config.DATABASE_URL;
  let embedded: EmbeddedDatabase | null = null;
  if (!connectionString) {
    embedded = await startEmbeddedDatabase({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_DB_PORT,
      log,
    });
    await ensureDatabaseExists(embedded.url, 'uplift');
    connectionString = embedded.urlFor('uplift');
  }
  const db = createDatabase(connectionString, {
    connectMs: config.DB_CONNECT_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  return {
    db,
    async prepare(afterMigrations) {
      await applyMigrations(db, afterMigrations);
      // The migrations and the seed may have written a lot since the last checkpoint; a crash soon after
      // would replay all of it before the restarted server answers (decision 0049). Our own server only:
      // an external one's role may not be allowed to.
      if (embedded) await db.execute(sql`checkpoint`);
    },
    async close() {
      await db.$client.end();
      await embedded?.stop();
    },
  };
}

async function ensureDatabaseExists(maintenanceUrl: string, name: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}
