import type { Citation, KnowledgePoint } from '@uplift/contracts';
import type { ModelTurn } from './model-client.ts';

export function citationsFor(passages: KnowledgePoint[]): Citation[] {
  return passages.map((point, i) => ({
    index: i + 1,
    knowledgePointId: point.id,
    slug: point.slug,
    title: point.title,
  }));
}

/** The model sees the numbered passages and is asked to cite them as [n], so citations map back. */
export function buildPrompt(question: string, history: ModelTurn[], passages: KnowledgePoint[]): ModelTurn[] {
  const sources =
    passages.length > 0
      ? passages.map((point, i) => `[${i + 1}] ${point.title}\n${point.body}`).join('\n\n')
      : '(no passage in the knowledge base matches this question)';
  const system = [
    'You are Vale, the assistant of Uplift, a professional-development community about skills, careers and the economic uplift members create.',
    'Answer using the numbered knowledge base passages below and cite them inline as [1], [2].',
    'If the passages do not cover the question, say so in one sentence, then give brief general guidance marked as general.',
    'Be concise, practical and friendly. Use Markdown for lists. Never invent facts about Uplift.',
    '',
    'Passages:',
    sources,
  ].join('\n');
  return [{ role: 'system', content: system }, ...history, { role: 'user', content: question }];
}
