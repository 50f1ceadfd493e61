import { describe, expect, it } from 'vitest';
import type { KnowledgePoint } from '@uplift/contracts';
import { composeFromKnowledgeBase, excerpt, toChunks } from './fallback-answer.ts';
import type { ScreenPassage } from './screen-passages.ts';

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

  it('keeps the steps of the first list, wherever it stands, up to five', () => {
    const body =
      'Promotions follow evidence. Start early. Then more.\n\n**Steps:**\n\n- One\n- Two\n* Three\n1. Four\n2. Five\n3. Six';
    expect(excerpt(body)).toEqual({
      lead: 'Promotions follow evidence. Start early.',
      items: ['One', 'Two', 'Three', 'Four', 'Five'],
    });
    expect(excerpt('Use **STAR**:\n\n- **Situation**: set the scene.\n- Task').lead).toBe('Use **STAR**:');
  });

  it('takes numbered paragraphs as steps, each its heading and first sentence, quotations kept whole', () => {
    const body =
      'Promotions follow evidence.\n\n**1. Know the target.** Ask your manager. Then more.\n\n**2. Talk early.** "I\'d like to grow. What do you need?" Then.\n\nAfterword.';
    expect(excerpt(body).items).toEqual([
      '**Know the target.** Ask your manager.',
      '**Talk early.** "I\'d like to grow. What do you need?"',
    ]);
  });

  it('leads with the answer and its steps, cites every passage, and mentions the missing model once, last', () => {
    const text = composeFromKnowledgeBase(
      [
        point(
          'Interviews',
          'Prepare stories. Practise aloud. Sleep well.\n\n- Research the employer\n- Rehearse',
        ),
        point('CVs', 'Tailor it to the role. Keep it short.'),
      ],
      'unconfigured',
    );
    expect(text).toBe(
      [
        'Prepare stories. Practise aloud. [1]',
        '- Research the employer\n- Rehearse',
        'You may also find these useful:\n\n- **CVs**: Tailor it to the role. [2]',
        '_No AI model is connected, so I answered from the Uplift knowledge base only._',
      ].join('\n\n'),
    );
    expect(text).not.toMatch(/Here is what it says/);
    expect(text.match(/knowledge base/g)).toHaveLength(1);
    expect(toChunks(text).join('')).toBe(text);
  });

  it('says when the model did not respond', () => {
    expect(composeFromKnowledgeBase([point('CVs', 'Tailor it.')], 'unavailable')).toMatch(
      /\n\n_The AI model didn't respond, so I answered from the Uplift knowledge base only\._$/,
    );
  });

  it('says it has nothing on that, what Vale covers and two places to start, citing nothing', () => {
    const text = composeFromKnowledgeBase([], 'unconfigured');
    expect(text).toMatch(
      /^I don't have anything on that\. I'm Vale, and I cover careers, skills and the Uplift community\./,
    );
    expect(text.match(/^- \[[^\]]+\]\(\/(skills|community)\)/gm)).toHaveLength(2);
    expect(text).not.toMatch(/\[\d\]/);
    // Not a fallback for a missing model: the same answer with one.
    expect(text).not.toMatch(/model/);
  });

  const funder: ScreenPassage = {
    kind: 'partner',
    id: 'p-1',
    slug: 'partner:fund',
    title: 'Fund',
    body: 'Fund (funder, Leeds): Bursaries.',
    href: '/partners/p-1',
    line: '[Fund](/partners/p-1), funder in Leeds: Bursaries.',
  };

  it('lists the screens under "On Uplift:", each cited by its place, between the answer and further reading', () => {
    const text = composeFromKnowledgeBase(
      [point('Funding', 'Grants exist.'), point('Budgets', 'Plan.'), funder],
      'unconfigured',
    );
    expect(text).toMatch(
      /^Grants exist\. \[1\]\n\nOn Uplift:\n\n- \[Fund\]\(\/partners\/p-1\), funder in Leeds: Bursaries\. \[3\]\n\nYou may also find these useful:\n\n- \*\*Budgets\*\*: Plan\. \[2\]/,
    );
  });

  it('says plainly that no article answers it before screens that may help', () => {
    expect(composeFromKnowledgeBase([funder], 'unconfigured')).toMatch(
      /^I don't have an article on that, but these places on Uplift may help\.\n\nOn Uplift:\n\n- \[Fund\]/,
    );
  });
});
