import { defineProject } from 'vitest/config';
import { firstGroup } from '../vitest.groups.ts';

export default defineProject({
  test: { name: 'contracts', include: ['src/**/*.test.ts'], ...firstGroup },
});
