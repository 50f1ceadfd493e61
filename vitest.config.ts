import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` for every unit and integration suite; each workspace owns its project config. The
 * server suites run once, on DATABASE_URL's PostgreSQL when it is set (server/vitest.config.ts).
 *
 * How many files run at once, and in which order the projects run: vitest.groups.ts.
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
