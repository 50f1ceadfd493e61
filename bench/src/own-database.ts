import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedDatabase } from '../../server/src/db/embedded.ts';
import { onCleanup } from './cleanup.ts';
import { startProductionServer, type ProductionServer } from './server.ts';
import { benchAdmin, type AdminCredentials } from './session.ts';

/**
 * An embedded PostgreSQL of one section's own, for the production servers it starts on it: a section that
 * fills the database itself, or runs several servers on one database, cannot use the shared server.
 */
export interface OwnDatabase {
  url: string;
  /** The admin account every server started here signs in (the same for all of them). */
  admin: AdminCredentials;
  /** One more production server on this database. */
  startServer(): Promise<ProductionServer>;
  /** Stops the servers started here, then the database, and removes its folder. */
  stop(): Promise<void>;
}

export async function startOwnDatabase(options: {
  /** Names the data folder (uplift-bench-<label>-…), to tell whose it is. */
  label: string;
  repoRoot: string;
  webDistDir: string;
}): Promise<OwnDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `uplift-bench-${options.label}-`));
  // Started as root, the embedded PostgreSQL runs as the `postgres` user, which must reach this folder.
  await chmod(dataDir, 0o755);
  const database = await startEmbeddedDatabase({ dataDir });
  const stopDatabase = async () => {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const unregister = onCleanup({ run: stopDatabase, now: () => {} });
  const admin = benchAdmin();
  const servers: ProductionServer[] = [];
  return {
    url: database.url,
    admin,
    async startServer() {
      const server = await startProductionServer({
        repoRoot: options.repoRoot,
        webDistDir: options.webDistDir,
        env: { DATABASE_URL: database.url, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
      });
      servers.push(server);
      return server;
    },
    async stop() {
      for (const server of servers) await server.stop();
      unregister();
      await stopDatabase();
    },
  };
}
