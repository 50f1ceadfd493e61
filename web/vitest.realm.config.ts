import { defineProject } from 'vitest/config';
import { firstGroup } from '../vitest.groups.ts';
import { ownRealmFiles, webTestOptions } from './vitest.config.ts';

/** The web files that need a worker's own realm (see `ownRealmFiles`), in the default pool. */
export default defineProject({
  test: {
    ...webTestOptions,
    name: 'web-realm',
    ...firstGroup,
    include: ownRealmFiles,
  },
});
