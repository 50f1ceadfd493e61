import { describe, expect, it } from 'vitest';
import type { KnowledgePoint } from '@uplift/contracts';
import { composeFromKnowledgeBase, excerpt, toChunks } from './fallback-answer.ts';

const point = (title: string, body: string): KnowledgePoint => ({
  id: title,
  slug: title.toLowerCase(),
  title,
  body,
  topic: 'skills',
  tags: [],
  skillTags: [],
  sourceUrl: null,
});

describe('answers from the knowledge base alone', () => {
  it('keeps the first two sentences of a plain passage', () => {
    expect(excerpt('One thing. Two things!  Three things? Four.\n\nLater paragraph.')).toEqual({
      lead: 'One thing. Two things!',
      items: [],
    });
  });

  it('keeps a sentence whole when it ends inside quotes', () => {
    expect(excerpt('"Any questions for me?" is a chance to shine. Prepare five. Ask three.').lead).toBe(
      '"Any questions for me?" is a chance to shine.',
    );
  });

  it('keeps a list a passage introduces, up to four items', () => {
    const body =
      'Use **STAR**:\n\n- **Situation**: set the scene.\n- Task\n* Action\n1. Result\n2. Extra\n\nMore.';
    expect(excerpt(body)).toEqual({
      lead: 'Use **STAR**:',
      items: ['**Situation**: set the scene.', 'Task', 'Action', 'Result'],
    });
  });

  it('says it answers from the knowledge base and cites every passage by number', () => {
    const text = composeFromKnowledgeBase(
      [
        point('Interviews', 'Prepare stories. Practise aloud.'),
        point('CVs', 'Tailor it:\n\n- Match the role'),
      ],
      'unconfigured',
    );
    expect(text.split('\n')[0]).toBe(
      '_Vale is answering from the Uplift knowledge base only: no AI model is connected._',
    );
    expect(text).toContain('- **Interviews** [1]: Prepare stories. Practise aloud.');
    expect(text).toContain('- **CVs** [2]: Tailor it:\n  - Match the role');
    expect(toChunks(text).join('')).toBe(text);
  });

  it('says so when nothing matches', () => {
    expect(composeFromKnowledgeBase([], 'unavailable')).toMatch(
      /didn't respond[\s\S]*couldn't find anything on that in the Uplift knowledge base/,
    );
  });
});
