import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` for every unit and integration suite; each workspace owns its project config. The
 * server suites run once, on DATABASE_URL's PostgreSQL when it is set (server/vitest.config.ts).
 */
export default defineConfig({
  test: {
    projects: ['contracts', 'server', 'web', 'bench'],
  },
});
