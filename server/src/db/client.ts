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
  watchConnections(pool);
  return drizzle(pool, { schema });
}

/**
 * A connection can die at any moment: the server restarts, fails over, or ends the session
 * (`pg_terminate_backend`, idle_in_transaction_session_timeout). pg-pool listens for that only while a
 * connection is idle in the pool; one that dies while a request holds it (inside a transaction, between two
 * statements) emits an `'error'` nobody hears, which Node turns into an uncaught exception. So every
 * connection gets a listener of its own the moment it is opened. The holder's statements fail on their
 * own (their errors map to a 503, `unavailable.ts`); the dead connection goes back to the pool at once,
 * which drops it and opens a fresh one for the next request. A later release by the holder is then a
 * no-op: drizzle's transaction never releases a connection whose `begin` failed, which would otherwise
 * keep a dead connection's place in the pool for good.
 */
function watchConnections(pool: pg.Pool) {
  const held = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => held.add(client));
  pool.on('release', (_error, client) => held.delete(client));
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error) => {
      if (reported) return;
      reported = true;
      const { code } = error as { code?: string };
      console.error(`database connection lost${code ? ` (${code})` : ''}: ${error.message}`);
      const holder = client as pg.PoolClient;
      if (!held.has(holder)) return;
      const release = holder.release;
      let released = false;
      holder.release = (reason?: Error | boolean) => {
        if (released) return;
        released = true;
        release(reason);
      };
      holder.release(error);
    });
  });
  // The pool's own report of an idle connection that died (it drops it); the listener above logged it.
  pool.on('error', () => {});
}
