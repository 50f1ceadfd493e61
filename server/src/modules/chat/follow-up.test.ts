import { describe, expect, it } from 'vitest';
import type { KnowledgePoint } from '@uplift/contracts';
import { composeFromKnowledgeBase, reshapeAnswer } from './fallback-answer.ts';
import { isFollowUp, reshapeOf, retrievalQuery } from './follow-up.ts';

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

describe('reading a message with the turns before it', () => {
  it('tells a reshape of the previous answer from a question', () => {
    for (const message of ['Make that shorter', 'shorter please', 'Can you summarise that?', 'too long!']) {
      expect(reshapeOf(message), message).toBe('shorter');
    }
    for (const message of ['in steps', 'Put it in numbered steps please', 'step by step?', 'break it down']) {
      expect(reshapeOf(message), message).toBe('steps');
    }
    for (const message of [
      'How do I write a short CV?',
      'What steps should I take to become a data analyst when I have no degree?',
    ]) {
      expect(reshapeOf(message), message).toBeNull();
    }
  });

  it('tells a follow-up from a question that stands alone', () => {
    for (const message of [
      'and if I work part time?',
      'What about freelancers?',
      'Is that paid?',
      'But how?',
    ]) {
      expect(isFollowUp(message), message).toBe(true);
    }
    for (const message of ['How do I ask for a raise?', 'Is there funding for a training course?']) {
      expect(isFollowUp(message), message).toBe(false);
    }
  });

  it('searches for a follow-up with the question it follows on, and for a reshape with the one it reshapes', () => {
    const history = [
      { role: 'user' as const, content: 'How is wage uplift calculated?' },
      { role: 'assistant' as const, content: 'Annualise both [1].' },
    ];
    expect(retrievalQuery('and if I work part time?', history)).toBe(
      'How is wage uplift calculated? and if I work part time?',
    );
    expect(retrievalQuery('How do I ask for a raise?', history)).toBe('How do I ask for a raise?');
    const longer = [...history, { role: 'user' as const, content: 'and if I work part time?' }, history[1]!];
    expect(retrievalQuery('make that shorter', longer)).toBe(
      'How is wage uplift calculated? and if I work part time?',
    );
    expect(retrievalQuery('and if I work part time?', [])).toBe('and if I work part time?');
  });
});

describe('reshaping the previous answer without a model', () => {
  const passages = [
    point(
      'Raise',
      'Ask at the right time. Bring evidence.\n\n- List results\n- Check pay data\n- Practise\n- Ask',
    ),
    point('Pay', 'Know your worth. Look at adverts.'),
  ];
  const previous = composeFromKnowledgeBase(passages, 'unconfigured');

  it('keeps the first sentence and three points, cited, when asked for it shorter', () => {
    expect(reshapeAnswer(previous, 'shorter', passages, 'unconfigured')).toBe(
      [
        'Ask at the right time. [1]',
        '- List results\n- Check pay data\n- Practise',
        '_No AI model is connected, so I answered from the Uplift knowledge base only._',
      ].join('\n\n'),
    );
  });

  it('numbers its points, or its sentences, when asked for steps', () => {
    expect(reshapeAnswer(previous, 'steps', passages, 'unconfigured')).toMatch(
      /^Ask at the right time\. \[1\]\n\n1\. List results\n2\. Check pay data\n3\. Practise\n4\. Ask\n\n_No AI/,
    );
    expect(reshapeAnswer('First do this. Then do that [1].', 'steps', [], 'unavailable')).toMatch(
      /^Step by step: \[1\]\n\n1\. First do this\.\n2\. Then do that \[1\]\.\n\n_The AI model didn't respond/,
    );
  });
});
