import { defineConfig } from 'vitest/config';

// CI also has a real PostgreSQL server; when DATABASE_URL points at one, the server suites run there too.
const serverOnDatabaseUrl = process.env.DATABASE_URL
  ? [
      {
        extends: './server/vitest.config.ts',
        root: './server',
        test: { name: 'server (DATABASE_URL)', env: { TEST_DATABASE_TARGET: 'external' } },
      },
    ]
  : [];

/** One `vitest run` for every unit and integration suite; each workspace owns its project config. */
export default defineConfig({
  test: {
    projects: ['contracts', 'server', 'web', 'bench', ...serverOnDatabaseUrl],
  },
});
