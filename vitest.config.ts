import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` for every unit and integration suite; each workspace owns its project config. The
 * server suites run once, on DATABASE_URL's PostgreSQL when it is set (server/vitest.config.ts).
 *
 * Each project sets how many of its files run at once (a project takes no `maxWorkers` from here): two
 * for the server and the web on two cores (server files mostly wait on PostgreSQL); one for the timed
 * drills, which run last and alone. Not more than two server files, because a file can hold two instances'
 * pools (10 connections each) and PostgreSQL's default ceiling is 100 connections.
 */
export default defineConfig({
  test: {
    projects: [
      'contracts',
      'server',
      'server/vitest.faults.config.ts',
      'server/vitest.own-process.config.ts',
      'web',
      'web/vitest.realm.config.ts',
      'bench',
    ],
  },
});
