import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` for every unit and integration suite; each workspace owns its project config. The
 * server suites run once, on DATABASE_URL's PostgreSQL when it is set (server/vitest.config.ts).
 *
 * Two files at a time, set on the command line (`test:unit`): projects do not inherit a root `maxWorkers`,
 * and Vitest's default on a 2-core machine is one file (cores − 1). Most server files wait on PostgreSQL
 * rather than the CPU. Not more, because a file can hold two instances' pools (10 connections each) and
 * PostgreSQL's default ceiling is 100 connections.
 */
export default defineConfig({
  test: {
    projects: [
      'contracts',
      'server',
      'server/vitest.faults.config.ts',
      'web',
      'web/vitest.realm.config.ts',
      'bench',
    ],
  },
});
