import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/database.global-setup.ts'],
    env: { TEST_DATABASE_TARGET: 'embedded' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
