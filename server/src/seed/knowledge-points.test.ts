import { skillAreaIdSchema } from '@uplift/contracts';
import { describe, expect, it } from 'vitest';
import knowledgePoints from './knowledge-points.json' with { type: 'json' };

describe('seeded knowledge points', () => {
  it('tag skills only with the shared skill-area ids', () => {
    for (const point of knowledgePoints) {
      for (const tag of point.skillTags) expect(skillAreaIdSchema.safeParse(tag).success, tag).toBe(true);
    }
  });
});
