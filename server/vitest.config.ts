import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/database.global-setup.ts'],
    // Once per run: on the PostgreSQL at DATABASE_URL when one is given (CI's own server), else the embedded
    // one. The end-to-end suite and `npm start` prove the embedded path in every run either way.
    env: { TEST_DATABASE_TARGET: process.env.DATABASE_URL ? 'external' : 'embedded' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
