import type { Citation, KnowledgePoint } from '@uplift/contracts';
import type { ModelTurn } from './model-client.ts';
import type { ScreenPassage } from './screen-passages.ts';

/** What an answer is grounded in: knowledge points, and the product's own screens (screen-passages.ts). */
export type Passage = Pick<KnowledgePoint, 'id' | 'slug' | 'title' | 'body'> | ScreenPassage;

export const isScreen = (passage: Passage): passage is ScreenPassage => 'kind' in passage;

/** A knowledge point's citation opens it in the chat (no `kind`, as before screens were cited). */
export function citationsFor(passages: Passage[]): Citation[] {
  return passages.map((passage, i) => ({
    index: i + 1,
    knowledgePointId: passage.id,
    slug: passage.slug,
    title: passage.title,
    ...(isScreen(passage) ? { kind: passage.kind, href: passage.href } : {}),
  }));
}

/** Who is asking, as the model is told: a member's own context (profiles' `memberContextOf`), or a visitor. */
export type Asker = { kind: 'visitor' } | { kind: 'member'; context: string[] };

function askerSection(asker: Asker): string[] {
  if (asker.kind === 'visitor') return ['The person asking is a visitor who is not signed in.'];
  return [
    'About the member asking (from their Uplift account; use it to fit the answer to them, do not recite it):',
    ...asker.context.map((line) => `- ${line}`),
  ];
}

/**
 * The model sees the numbered passages and is asked to cite them as [n], so citations map back; then who is
 * asking, and the conversation so far, so a follow-up ("and if I work part time?") is read in its context
 * and "make that shorter" or "in steps" reshapes the answer before.
 */
export function buildPrompt(
  question: string,
  history: ModelTurn[],
  passages: Passage[],
  asker: Asker = { kind: 'visitor' },
): ModelTurn[] {
  const sources =
    passages.length > 0
      ? passages
          .map((passage, i) =>
            isScreen(passage)
              ? `[${i + 1}] ${passage.title} (Uplift's ${passage.kind} screen, ${passage.href})\n${passage.body}`
              : `[${i + 1}] ${passage.title}\n${passage.body}`,
          )
          .join('\n\n')
      : '(no passage in the knowledge base matches this question)';
  const system = [
    'You are Vale, the assistant of Uplift, a professional-development community about skills, careers and the economic uplift members create.',
    'Answer using the numbered knowledge base passages below and cite them inline as [1], [2].',
    "Passages marked as an Uplift screen are the product's own partners, videos, skills assessments or the member's own results: name them and link their screen in Markdown, e.g. [Name](/partners/…).",
    'If the passages do not cover the question, say so in one sentence, then give brief general guidance marked as general.',
    'Read each message in the context of the conversation: a follow-up continues the topic of the turns before it.',
    'When asked to reshape your previous answer (shorter, in steps, simpler), rewrite that answer as asked, keeping its facts and citations.',
    'Be concise, practical and friendly. Use Markdown for lists. Never invent facts about Uplift.',
    '',
    ...askerSection(asker),
    '',
    'Passages:',
    sources,
  ].join('\n');
  return [{ role: 'system', content: system }, ...history, { role: 'user', content: question }];
}
