import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedKnowledgePoints } from '../../seed/knowledge.ts';
import { seedPartners } from '../../seed/partners.ts';
import { seedVideos } from '../../seed/videos.ts';
import { learnNextIntent } from './learn-next.ts';
import { screenRetrievalFor } from './screen-eval.ts';

/**
 * "What should I learn next?" with no skill named (issue 41.3, decision 0115), told from questions naming a
 * skill. These phrasings were written after the floor was set, on others (decision 0115).
 */
const namingNoSkill = [
  'Not sure what to learn next, any ideas?',
  'which skill should I develop first',
  'I have some free time, what should I study?',
  'Where should I start if I want to upskill?',
  'what would you recommend I learn',
  'What should I be practising?',
];
/** With the assessment the screens' ranking names for it ('any': not checked, the ranking's own matter). */
const namingASkill: Array<[string, string]> = [
  ['Which skills do I need to run my own business?', 'any'],
  ['What should I study to get better with money and budgets?', 'any'],
  ['Where do I start learning to manage projects?', 'assessment:project-management'],
  ['what should I learn to make sense of data and charts', 'assessment:data-analytics'],
];
const notAboutLearning = [
  'How do I ask my boss for a raise?',
  'Is there funding for a training course?',
  'what should i do next in my career',
];

describe('telling "what should I learn next?" apart', () => {
  it('finds the intent by the kind of words, not by the question', () => {
    for (const question of [...namingNoSkill, ...namingASkill.map(([asked]) => asked)]) {
      expect(learnNextIntent(question), question).not.toBeNull();
    }
    for (const question of notAboutLearning) expect(learnNextIntent(question), question).toBeNull();
    expect(learnNextIntent('Which skills should I improve?')?.rest).toBe('');
    expect(learnNextIntent('What should I learn to move into data analysis?')?.rest).toBe(
      'move into data analysis',
    );
  });

  describe('over the seeded screens, as a visitor asks', () => {
    let t: TestApp;
    let retrieve: (question: string) => Promise<string[]>;
    beforeAll(async () => {
      t = await createTestApp();
      await Promise.all([seedKnowledgePoints(t.db), seedPartners(t.db), seedVideos(t.db)]);
      retrieve = screenRetrievalFor(t.db);
    });
    afterAll(() => t.close());

    it('points to the assessments in general when no skill is named', async () => {
      for (const question of namingNoSkill)
        expect(await retrieve(question), question).toEqual(['assessment:all']);
    });

    it('points to the named skill’s assessment when one is named', async () => {
      for (const [question, assessment] of namingASkill) {
        const slugs = await retrieve(question);
        expect(slugs, question).not.toContain('assessment:all');
        if (assessment !== 'any') {
          expect(
            slugs.find((slug) => slug.startsWith('assessment:')),
            question,
          ).toBe(assessment);
        }
      }
    });
  });
});
