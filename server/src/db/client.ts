import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface DatabaseTimeouts {
  /** Waiting for a connection (opening one, or a free one from the pool). */
  connectMs: number;
  /** One statement: cancelled by the server (statement_timeout), or given up by the driver when the
   * server does not answer at all (a frozen process). */
  statementMs: number;
}

export function createDatabase(connectionString: string, timeouts?: DatabaseTimeouts): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    idleTimeoutMillis: 30_000,
    // A server that vanished without closing its sockets is noticed instead of waited on forever.
    keepAlive: true,
    ...(timeouts && {
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      // A little later than the server's own limit, which gives a clearer error when it is alive.
      query_timeout: timeouts.statementMs + 1_000,
    }),
  });
  // An idle connection can fail (database restarted or stopping); without a listener that would crash
  // the process. The pool drops the broken connection and the next query opens a new one.
  pool.on('error', (error) => console.error('database connection error:', error.message));
  return drizzle(pool, { schema });
}
