import { defineProject } from 'vitest/config';
import { faultDrills, serverTestOptions } from './vitest.config.ts';

/**
 * The fault drills kill PostgreSQL backends and the postmaster and time the recovery, so they run alone,
 * after every other file (a later group order), where no neighbour's load can stretch what they time.
 */
export default defineProject({
  test: {
    ...serverTestOptions,
    name: 'server-faults',
    include: faultDrills,
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
  },
});
