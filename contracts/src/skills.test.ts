import { describe, expect, it } from 'vitest';
import { skillAreaIdSchema, skillAreaIds, skillAreaLabel } from './skills.ts';

describe('skill areas', () => {
  it('are eight, with distinct ids and labels, and refuse other ids', () => {
    expect(skillAreaIds).toHaveLength(8);
    expect(new Set(skillAreaIds).size).toBe(8);
    expect(new Set(skillAreaIds.map(skillAreaLabel)).size).toBe(8);
    expect(skillAreaIdSchema.safeParse('juggling').success).toBe(false);
  });
});
