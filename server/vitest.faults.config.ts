import { defineProject } from 'vitest/config';
import { serverTestOptions, timedDrills } from './vitest.config.ts';

/**
 * The timed drills (vitest.config.ts) run alone, after every other file (a later group order), where no
 * neighbour's load can stretch what they time.
 */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-drills',
    include: timedDrills,
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
  },
});
