import { configDefaults, defineProject } from 'vitest/config';
import { firstGroup } from '../vitest.groups.ts';

/**
 * Files that replace what a VM realm pins: `window.location` (jsdom's is unforgeable there) or the process's
 * time zone (read once per realm). They run in a worker of their own (vitest.realm.config.ts).
 */
export const ownRealmFiles = [
  'src/app/ErrorPages.test.tsx',
  'src/lib/offline/serviceWorker.test.ts',
  'src/lib/format/dateTime.test.ts',
];

export const webTestOptions = {
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  // A ceiling on waiting, not a timing assertion: on a machine busy with other suites, a page test that
  // renders a chat or streams markdown step by step took over the default 5 s (load 11, 2026-12-07).
  testTimeout: 15_000,
};

export default defineProject({
  test: {
    ...webTestOptions,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...ownRealmFiles],
    // A fresh jsdom realm per file in a reused worker, instead of a fresh worker per file: the web suite runs
    // in about a quarter of the time (measured in the closing note of issue 39). Modules still load once per
    // file, so no state leaks between files.
    pool: 'vmThreads',
    ...firstGroup,
  },
});
