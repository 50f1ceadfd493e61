import type { KnowledgePoint } from '@uplift/contracts';

export type FallbackReason = 'unconfigured' | 'unavailable';

const intro: Record<FallbackReason, string> = {
  unconfigured: '_Vale is answering from the Uplift knowledge base only: no AI model is connected._',
  unavailable: "_The AI model didn't respond, so this answer comes straight from the Uplift knowledge base._",
};

const listItem = /^\s*(?:[-*+]|\d+[.)])\s+/;

/**
 * The opening of a passage: its first paragraph (at most two sentences), and when that paragraph
 * introduces a list ("…a simple structure:"), the list's first items, so the answer keeps its substance.
 */
export function excerpt(body: string): { lead: string; items: string[] } {
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const first = (paragraphs[0] ?? '').replace(/\s+/g, ' ');
  if (first.endsWith(':')) {
    const items = (paragraphs[1] ?? '')
      .split('\n')
      .filter((line) => listItem.test(line))
      .map((line) => line.replace(listItem, '').trim())
      .slice(0, 4);
    return { lead: first, items };
  }
  // A sentence may end inside quotes or brackets: `"Any questions for me?" is a chance…`.
  const sentences = first.match(/[^.!?]+[.!?]+["'”’)\]]*(?:\s|$)/g) ?? [first];
  return { lead: sentences.slice(0, 2).join('').trim(), items: [] };
}

/** An answer composed from the best passages alone, each cited, saying plainly that it is. */
export function composeFromKnowledgeBase(passages: KnowledgePoint[], reason: FallbackReason): string {
  if (passages.length === 0) {
    return `${intro[reason]}\n\nI couldn't find anything on that in the Uplift knowledge base yet. Try other words, or ask in the Community Hub.`;
  }
  const points = passages.map((point, i) => {
    const { lead, items } = excerpt(point.body);
    return [`- **${point.title}** [${i + 1}]: ${lead}`, ...items.map((item) => `  - ${item}`)].join('\n');
  });
  return `${intro[reason]}\n\nHere is what it says:\n\n${points.join('\n')}\n\nOpen a source to read it in full.`;
}

/** Splits text into word-sized chunks (each with its trailing space), to stream like a model would. */
export function toChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
