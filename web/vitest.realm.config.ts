import { defineProject } from 'vitest/config';
import { ownRealmFiles, webTestOptions } from './vitest.config.ts';

/** The web files that need a worker's own realm (see `ownRealmFiles`), in the default pool. */
export default defineProject({
  test: {
    ...webTestOptions,
    name: 'web-realm',
    include: ownRealmFiles,
  },
});
