import { configDefaults, defineProject } from 'vitest/config';
import { firstGroup } from '../vitest.groups.ts';

/**
 * Drills that time the server against the clock: recoveries from killed or frozen PostgreSQL, a frozen
 * bucket, request and upload time-outs with sub-second windows, the event replay's deadline. They run in
 * their own project (vitest.faults.config.ts), after every other file, because a heavy neighbour file's
 * load stretches what they time (../vitest.groups.ts).
 */
export const timedDrills = [
  'test/connection-faults.test.ts',
  'src/db/database-faults.test.ts',
  'src/http-timeouts.test.ts',
  'src/modules/storage/stalled-bucket.test.ts',
  'src/modules/events/events-limits.test.ts',
];

/**
 * Files that look at the whole process (which native libraries it has loaded): they run in a process of
 * their own (vitest.own-process.config.ts), as the other files share theirs.
 */
export const ownProcessFiles = ['src/seed/profiles.test.ts'];

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
    exclude: [...configDefaults.exclude, ...timedDrills, ...ownProcessFiles],
    // The files of a worker share one process and its loaded modules instead of a fresh process each: the
    // server's module graph loads once per worker, not once per file. Measured on 17 files: 109 s of CPU
    // against 65 s (decision 0125). The files share no module state: none mocks a module, each builds its
    // own app and database, and fake timers are put back after each test.
    isolate: false,
    ...firstGroup,
  },
});
