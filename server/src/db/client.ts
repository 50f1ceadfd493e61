import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export function createDatabase(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000 });
  // An idle connection can fail (database restarted or stopping); without a listener that would crash
  // the process. The pool drops the broken connection and the next query opens a new one.
  pool.on('error', (error) => console.error('database connection error:', error.message));
  return drizzle(pool, { schema });
}
