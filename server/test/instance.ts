import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { fixtureWebDist } from './app.ts';

export interface Instance {
  app: FastifyInstance;
  db: Database;
  url: string;
}

/** One running instance of the whole app with its own pool on a shared database (multi-instance tests). */
export async function startInstance(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<Instance> {
  const db = createDatabase(databaseUrl);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: fixtureWebDist, ...env });
  const app = await buildApp({ config, db });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, db, url };
}
