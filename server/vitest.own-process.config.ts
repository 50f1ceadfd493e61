import { defineProject } from 'vitest/config';
import { firstGroup } from '../vitest.groups.ts';
import { ownProcessFiles, serverTestOptions } from './vitest.config.ts';

/** The server files that look at the whole process (vitest.config.ts), each in a process of its own. */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-own-process',
    include: ownProcessFiles,
    ...firstGroup,
  },
});
