import { configDefaults, defineProject } from 'vitest/config';

/** Drills that kill PostgreSQL backends and time the recovery: their own project (vitest.faults.config.ts). */
export const faultDrills = ['test/connection-faults.test.ts'];

export const serverTestOptions = {
  globalSetup: ['test/database.global-setup.ts'],
  // Once per run: on the PostgreSQL at DATABASE_URL when one is given (CI's own server), else the embedded
  // one. The end-to-end suite and `npm start` prove the embedded path in every run either way.
  env: { TEST_DATABASE_TARGET: process.env.DATABASE_URL ? 'external' : 'embedded' },
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...faultDrills],
  },
});
