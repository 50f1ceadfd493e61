import { defineProject } from 'vitest/config';
import { lastGroup } from '../vitest.groups.ts';
import { serverTestOptions, timedDrills } from './vitest.config.ts';

/**
 * The timed drills (vitest.config.ts), after every other file (../vitest.groups.ts).
 */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-drills',
    include: timedDrills,
    ...lastGroup,
  },
});
